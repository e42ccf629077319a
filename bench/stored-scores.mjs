// The bench data are written straight into SQLite after the server migrated, so the scores the api
// keeps (migration 028) are computed again here, with the migration's own backfill statements.
import { BACKFILL_GRADES, BACKFILL_SCORES } from "../apps/api/dist/db/migrations/028_learner_scores.js";

export function refillStoredScores(db) {
  db.transaction(() => {
    db.exec("delete from learner_grades; delete from learner_scores;");
    db.exec(BACKFILL_SCORES);
    db.exec(BACKFILL_GRADES);
  })();
}
