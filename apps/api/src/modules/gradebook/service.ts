import {
  type AssessmentType,
  GRADEBOOK_LIMITS,
  type Gradebook,
  type GradebookCell,
  type GradebookColumn,
  type GradebookPackageColumn,
  type GradebookQuery,
  type GradebookRow,
  type MyGrades,
  type ScoringRule,
} from "@lms/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { forbidden, notFound } from "../../http/errors.js";
import { pagination } from "../../http/failures.js";
import { type Actor, canSeeCourseGradebook, canSeeOwnGrades } from "../../policies/index.js";
import { COURSE_NOT_FOUND, courseToManage, NOT_ENROLLED } from "../courses/access.js";
import { type AttemptFacts, cellOf, courseGrade, missingFlipsAt } from "./cells.js";
import { packageColumns, packageScores } from "./package-scores.js";
import * as repo from "./repo.js";
import { createRowTexts } from "./row-texts.js";
import { claimSharedPart, storeSharedPart } from "./shared-part.js";
import { type GradebookHead, gradebookHead, type StoredPage, storedPage, storedTexts } from "./stored-page.js";
import { claimRows, storedLearnerCount, storeRows, validRows } from "./stored-rows.js";
import { learnerToDos } from "./to-dos.js";

export type GradebookService = ReturnType<typeof createGradebookService>;

/** Columns by due date (undated last), then by creation. */
function byDueDate(a: repo.ColumnRow, b: repo.ColumnRow): number {
  if (a.due_date !== b.due_date) {
    if (a.due_date === null) return 1;
    if (b.due_date === null) return -1;
    return a.due_date < b.due_date ? -1 : 1;
  }
  return a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : 1;
}

export function presentColumn(row: repo.ColumnRow): GradebookColumn {
  return {
    _id: row.id,
    title: row.title,
    type: row.type as AssessmentType,
    totalPoints: row.total_points,
    weight: row.weight,
    dueDate: row.due_date,
    scoringRule: row.scoring_rule as ScoringRule,
  };
}

const NONE: readonly AttemptFacts[] = [];

/** Rows grouped by learner, then by assessment, in the order they came. */
function byLearnerAndAssessment<T extends { user_id: string; assessment_id: string }>(rows: readonly T[]) {
  const groups = new Map<string, Map<string, T[]>>();
  for (const row of rows) {
    let own = groups.get(row.user_id);
    if (!own) {
      own = new Map();
      groups.set(row.user_id, own);
    }
    const group = own.get(row.assessment_id);
    if (group) group.push(row);
    else own.set(row.assessment_id, [row]);
  }
  return groups;
}

export function createGradebookService({ db, now }: { db: Kysely<Database>; now: () => Date }) {
  const rowTexts = createRowTexts();
  /**
   * Each learner's cells on every column, in column order, and when the first of them may turn
   * "missing" with no write (epoch ms, null if none can).
   */
  async function cellsOf(columns: readonly repo.ColumnRow[], userIds: readonly string[]) {
    const assessmentIds = columns.map((c) => c.id);
    const [attempts, overrides] = await Promise.all([
      repo.attemptsOf(db, userIds, assessmentIds),
      repo.dueOverridesOf(db, userIds, assessmentIds),
    ]);
    const attemptsBy = byLearnerAndAssessment(attempts);
    const dueBy = byLearnerAndAssessment(overrides);
    const dueAt = columns.map((c) => (c.due_date === null ? null : Date.parse(c.due_date)));
    const at = now().getTime();
    const flipsAt = new Map<string, number | null>();
    const cells = new Map(
      userIds.map((userId) => {
        const own = attemptsBy.get(userId);
        const moved = dueBy.get(userId);
        let first: number | null = null;
        const cells = columns.map((column, i): GradebookCell => {
          const override = moved?.get(column.id)?.[0]?.due_date;
          const due = override ? Date.parse(override) : dueAt[i];
          const attempts = own?.get(column.id) ?? NONE;
          const flips = missingFlipsAt(attempts, due, at);
          if (flips !== null && (first === null || flips < first)) first = flips;
          return cellOf(attempts, column.scoring_rule as ScoringRule, due, at);
        });
        flipsAt.set(userId, first);
        return [userId, cells];
      }),
    );
    return { cells, flipsAt };
  }

  /** The rows of these learners (their cells and their weighted grade), and when each may turn stale. */
  async function rowsOf(columns: readonly repo.ColumnRow[], learners: readonly repo.LearnerRow[]) {
    const { cells: grid, flipsAt } = await cellsOf(
      columns,
      learners.map((l) => l.id),
    );
    const weights = columns.map((c) => c.weight);
    const rows = learners.map((learner): GradebookRow => {
      const cells = grid.get(learner.id) ?? [];
      return {
        learner: { _id: learner.id, name: learner.name, email: learner.email },
        cells,
        grade: courseGrade(weights, cells),
      };
    });
    return { rows, flipsAt };
  }

  const columnsOf = async (courseId: string) => (await repo.publishedAssessments(db, [courseId])).sort(byDueDate);

  /** The rows with each learner's package scores added. */
  async function withPackageScores(packages: GradebookPackageColumn[], rows: GradebookRow[]) {
    const scores = await packageScores(
      db,
      packages,
      rows.map((r) => r.learner._id),
    );
    return rows.map((row) => ({ ...row, packageScores: scores.get(row.learner._id) ?? [] }));
  }

  const learnerCount = async (courseId: string) =>
    (await storedLearnerCount(db, courseId)) ?? repo.countLearners(db, courseId, undefined);

  /**
   * The learners' rows as JSON text without their package scores and closing brace: the stored ones
   * that still hold, the others computed and stored (migration 060) unless an input changed meanwhile.
   */
  async function storedRowsOf(
    courseId: string,
    columns: readonly repo.ColumnRow[],
    learners: readonly repo.LearnerRow[],
  ) {
    const at = now();
    const texts = await validRows(
      db,
      courseId,
      learners.map((l) => l.id),
      at.toISOString(),
    );
    const missing = learners.filter((l) => !texts.has(l.id));
    if (missing.length === 0) return texts;
    const claim = await claimRows(
      db,
      courseId,
      missing.map((l) => l.id),
    );
    // Read again after the claim: what this request read before may have changed in between.
    const [freshColumns, freshLearners] = await Promise.all([
      columnsOf(courseId),
      repo.learnersByIds(
        db,
        courseId,
        missing.map((l) => l.id),
      ),
    ]);
    const sameColumns = JSON.stringify(freshColumns) === JSON.stringify(columns);
    const fresh = new Map(freshLearners.map((l) => [l.id, l]));
    const { rows, flipsAt } = await rowsOf(columns, missing);
    const store: { userId: string; json: string; staleAt: string | null }[] = [];
    for (const row of rows) {
      const json = JSON.stringify(row).slice(0, -1);
      texts.set(row.learner._id, json);
      const learner = fresh.get(row.learner._id);
      if (!sameColumns || learner?.name !== row.learner.name || learner.email !== row.learner.email) continue;
      const flips = flipsAt.get(row.learner._id) ?? null;
      store.push({ userId: row.learner._id, json, staleAt: flips === null ? null : new Date(flips).toISOString() });
    }
    await storeRows(db, courseId, claim, store);
    return texts;
  }

  /** The answer of a managers' page from its parts, each already JSON text. */
  const courseAnswer = (assessments: string, packages: string, rows: readonly string[], pages: string) =>
    `{"success":true,"data":{"view":"course","assessments":${assessments},` +
    `"packages":${packages},"rows":[${rows.join(",")}],"pagination":${pages}}}`;

  /** A stored row (without its closing brace) with the learner's package scores. */
  const withScores = (row: string, scores: readonly (number | null)[] | undefined) =>
    `${row},"packageScores":${JSON.stringify(scores ?? [])}}`;

  /**
   * The texts of the page's stored rows, from memory where the token matches, else from the
   * database (and kept); undefined if any row is not stored.
   */
  async function storedTextsOf(courseId: string, rows: StoredPage["rows"]) {
    const texts: string[] = [];
    const unread: number[] = [];
    for (const [i, { user_id, token }] of rows.entries()) {
      if (token === null) return undefined;
      const text = rowTexts.get(courseId, user_id, token);
      if (text === undefined) unread.push(i);
      else texts[i] = text;
    }
    if (unread.length === 0) return texts;
    const read = await storedTexts(
      db,
      courseId,
      unread.map((i) => rows[i].user_id),
    );
    const byUser = new Map(read.map((r) => [r.user_id, r]));
    for (const i of unread) {
      const { user_id, token } = rows[i];
      const stored = byUser.get(user_id);
      if (!stored || token === null || stored.token !== token || stored.row_json === null) return undefined;
      rowTexts.set(courseId, user_id, token, stored.row_json);
      texts[i] = stored.row_json;
    }
    return texts;
  }

  /**
   * A managers' page read from what is stored alone (the shared part of migration 064, the page's
   * rows of 060, the count): undefined when any of it is not stored.
   */
  async function storedAnswer(courseId: string, head: GradebookHead, page: StoredPage, query: GradebookQuery) {
    const { assessments_json: assessments, packages_json: packages } = head;
    if (assessments === null || packages === null || page.total === undefined) return undefined;
    const texts = await storedTextsOf(courseId, page.rows);
    if (!texts) return undefined;
    const ids = page.rows.map((r) => r.user_id);
    const scores = packages === "[]" ? new Map() : await packageScores(db, JSON.parse(packages), ids);
    const rows = texts.map((text, i) => withScores(text, scores.get(ids[i])));
    return courseAnswer(assessments, packages, rows, JSON.stringify(pagination(query, page.total)));
  }

  /** The page's learners and the total: those of the stored page, or (with no stored page) searched in the users. */
  async function learnersOf(courseId: string, query: GradebookQuery, page: StoredPage | undefined) {
    if (!page) {
      return Promise.all([repo.learnerPage(db, courseId, query), repo.countLearners(db, courseId, query.search)]);
    }
    const ids = page.rows.map((r) => r.user_id);
    const [found, total] = await Promise.all([
      repo.learnersByIds(db, courseId, ids),
      page.total ?? learnerCount(courseId),
    ]);
    const byId = new Map(found.map((l) => [l.id, l]));
    return [ids.flatMap((id) => byId.get(id) ?? []), total] as const;
  }

  /**
   * A managers' page computed from the course's columns and learners, storing what it computes (the
   * learners' rows, and the shared part if the course's row holds none).
   */
  async function computedAnswer(
    courseId: string,
    head: GradebookHead,
    query: GradebookQuery,
    page: StoredPage | undefined,
  ) {
    const token = head.assessments_json === null ? await claimSharedPart(db, courseId) : undefined;
    const [columns, packages] = await Promise.all([columnsOf(courseId), packageColumns(db, courseId)]);
    const shared = { assessments: JSON.stringify(columns.map(presentColumn)), packages: JSON.stringify(packages) };
    const [learners, total] = await learnersOf(courseId, query, page);
    const ids = learners.map((l) => l.id);
    const [rows, scores] = await Promise.all([
      storedRowsOf(courseId, columns, learners),
      packageScores(db, packages, ids),
      token && storeSharedPart(db, courseId, token, shared),
    ]);
    const texts = ids.map((id) => withScores(rows.get(id) as string, scores.get(id)));
    return courseAnswer(shared.assessments, shared.packages, texts, JSON.stringify(pagination(query, total)));
  }

  return {
    /**
     * The gradebook of a course as the answer's JSON text: its managers get a page of every learner
     * (searchable), read from what is stored when all of it is; an enrolled learner gets only their
     * own row; anyone else 403 (`not enrolled`), an unknown course 404.
     */
    async pageJson(actor: Actor, courseId: string, query: GradebookQuery): Promise<string> {
      const head = await gradebookHead(db, courseId);
      if (!head) throw notFound(COURSE_NOT_FOUND);
      if (canSeeCourseGradebook(actor, head)) {
        const managed = { ...query, search: query.search || undefined };
        const page = await storedPage(db, courseId, head, managed, now().toISOString());
        return (
          (page && (await storedAnswer(courseId, head, page, managed))) ?? computedAnswer(courseId, head, managed, page)
        );
      }
      const [columns, packages] = await Promise.all([columnsOf(courseId), packageColumns(db, courseId)]);
      const own = await repo.enrolledLearner(db, courseId, actor.id);
      if (!canSeeOwnGrades(own !== undefined)) throw forbidden(NOT_ENROLLED);
      const rows = await withPackageScores(packages, (await rowsOf(columns, own ? [own] : [])).rows);
      const data: Gradebook = {
        view: "own",
        assessments: columns.map(presentColumn),
        packages,
        rows,
        pagination: pagination({ page: 1, limit: 1 }, rows.length),
      };
      return JSON.stringify({ success: true, data });
    },

    /** Everything the CSV export needs: the course, its columns, and its learners' rows in batches. */
    async exportOf(actor: Actor, courseId: string) {
      const course = await courseToManage(db, actor, courseId);
      const columns = await columnsOf(courseId);
      async function* batches(): AsyncGenerator<GradebookRow[]> {
        let after: repo.LearnerRow | null = null;
        for (;;) {
          const learners = await repo.learnersAfter(db, courseId, after, GRADEBOOK_LIMITS.exportBatch);
          if (learners.length === 0) return;
          yield (await rowsOf(columns, learners)).rows;
          after = learners[learners.length - 1];
        }
      }
      return { course, assessments: columns.map(presentColumn), batches };
    },

    /** The learner dashboard's Gradebook card: their grade per course and their to-dos ("Due next"). */
    async mine(userId: string): Promise<MyGrades> {
      const [courses, dueNext] = await Promise.all([
        repo.coursesWithAssessments(db, userId, GRADEBOOK_LIMITS.dashboardCourses),
        learnerToDos(db, userId, now(), GRADEBOOK_LIMITS.dashboardDueNext),
      ]);
      const columns = await repo.publishedAssessments(
        db,
        courses.map((c) => c.id),
      );
      const cells = (await cellsOf(columns, [userId])).cells.get(userId) ?? [];
      const summaries = courses.map((course) => {
        const mine = cells.filter((_, i) => columns[i].course_id === course.id);
        const weights = columns.filter((c) => c.course_id === course.id).map((c) => c.weight);
        return {
          courseId: course.id,
          courseTitle: course.title,
          grade: courseGrade(weights, mine),
          graded: mine.filter((c) => c.percent !== null).length,
          missing: mine.filter((c) => c.missing).length,
          assessments: mine.length,
        };
      });
      return {
        courses: summaries,
        dueNext,
      };
    },
  };
}
