import { Readable } from "node:stream";
import {
  ACTIVITY_STATS_MAX_DAYS,
  type ActivityExportQuery,
  type ActivityListQuery,
  type ActivityStatsQuery,
  type AdminActivityQuery,
  MESSAGES,
} from "@lms/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { csvStream } from "../../http/csv.js";
import { badRequest, fieldError, forbidden, notFound } from "../../http/errors.js";
import {
  canDeleteActivity,
  canExportActivities,
  canReadAllActivities,
  canSeeActivity,
} from "../../policies/activities.js";
import type { Actor } from "../../policies/index.js";
import { activityRecords, presentActivity } from "./present.js";
import * as repo from "./repo.js";

const DAY_MS = 86_400_000;
const STATS_DEFAULT_DAYS = 30;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

export const ACTIVITY_MESSAGES = {
  notFound: "Activity not found",
  auditTrail: "This entry is part of the audit trail and cannot be deleted",
  deleted: "Activity deleted",
  statsRange: `The stats range is at most ${ACTIVITY_STATS_MAX_DAYS} days`,
};

export function createActivityService({ db, now }: { db: Kysely<Database>; now: () => Date }) {
  async function page(scope: repo.ActivityScope, query: { page: number; limit: number }) {
    const { rows, total, capped } = await repo.listActivities(db, scope, query.page, query.limit);
    const at = now();
    return {
      activities: rows.map((row) => presentActivity(row, at)),
      pagination: {
        page: query.page,
        limit: query.limit,
        total,
        pages: Math.ceil(total / query.limit),
        capped,
      },
    };
  }

  /** Everyone's entries for admins; anyone else may only ask for their own. */
  function exportScope(actor: Actor, query: ActivityExportQuery): repo.ActivityScope {
    if (!canExportActivities(actor)) throw forbidden(MESSAGES.forbidden);
    const { format: _format, ...scope } = query;
    return scope;
  }

  return {
    /** The caller's own entries. */
    mine: (actor: Actor, query: ActivityListQuery) => {
      const { page: _p, limit: _l, ...filters } = query;
      return page({ ...filters, userId: actor.id }, query);
    },

    /** Everyone's entries (the admin log). */
    all: (actor: Actor, query: AdminActivityQuery) => {
      if (!canReadAllActivities(actor)) throw forbidden(MESSAGES.forbidden);
      const { page: _p, limit: _l, ...filters } = query;
      return page(filters, query);
    },

    /**
     * Counts by type and by day over a range (default the last 30 days), read from the daily
     * rollups: one's own, or for admins everyone's (or one user's with `userId`).
     */
    async stats(actor: Actor, query: ActivityStatsQuery) {
      if (query.userId && query.userId !== actor.id && !canReadAllActivities(actor))
        throw forbidden(MESSAGES.forbidden);
      const today = dayOf(now());
      const endDate = query.endDate ?? today;
      const startDate = query.startDate ?? dayOf(new Date(Date.parse(endDate) - (STATS_DEFAULT_DAYS - 1) * DAY_MS));
      if ((Date.parse(endDate) - Date.parse(startDate)) / DAY_MS >= ACTIVITY_STATS_MAX_DAYS) {
        throw badRequest(ACTIVITY_MESSAGES.statsRange, [fieldError("startDate", ACTIVITY_MESSAGES.statsRange)]);
      }
      const userId = query.userId ?? (canReadAllActivities(actor) ? null : actor.id);
      const counts = await repo.rangeCounts(db, repo.rollupScopes(db, userId), startDate, endDate);
      const byDay = new Map(counts.byDay.map((row) => [row.day, Number(row.count)]));
      const byType = counts.byType.map((row) => ({ type: row.type, count: Number(row.count) }));
      const days: { date: string; count: number }[] = [];
      for (let day = startDate; day <= endDate; day = repo.nextDay(day))
        days.push({ date: day, count: byDay.get(day) ?? 0 });
      return {
        startDate,
        endDate,
        total: days.reduce((sum, d) => sum + d.count, 0),
        byType: byType.sort((a, b) => b.count - a.count),
        byDay: days,
      };
    },

    /** Every matching entry as CSV records, streamed a thousand at a time. */
    exportCsv(actor: Actor, query: ActivityExportQuery): Readable {
      return csvStream(activityRecords(repo.activitiesInBatches(db, exportScope(actor, query))));
    },

    /** Every matching entry as `{ success, data: { activities } }`, streamed the same way. */
    exportJson(actor: Actor, query: ActivityExportQuery): Readable {
      const batches = repo.activitiesInBatches(db, exportScope(actor, query));
      return Readable.from(jsonEntries(batches, now));
    },

    /** Deletes one entry under the policy's rules; an admin's delete is itself an admin_action. */
    async remove(actor: Actor, id: string) {
      const entry = await repo.findActivity(db, id);
      if (!entry || !canSeeActivity(actor, entry)) throw notFound(ACTIVITY_MESSAGES.notFound);
      if (!canDeleteActivity(actor, entry)) throw forbidden(ACTIVITY_MESSAGES.auditTrail);
      await db.transaction().execute(async (trx) => {
        await repo.deleteActivity(trx, id);
        if (canReadAllActivities(actor)) {
          await repo.logActivity(trx, {
            userId: actor.id,
            type: "admin_action",
            title: "Deleted an activity entry",
            description: `${entry.type}: ${entry.title} (${entry.user_name ?? "unknown user"})`,
            courseId: entry.course_id ?? undefined,
            metadata: {
              action: "activity_delete",
              activityId: id,
              userId: entry.user_id,
              type: entry.type,
              title: entry.title,
            },
          });
        }
      });
    },
  };
}

async function* jsonEntries(batches: AsyncIterable<repo.ActivityRow[]>, now: () => Date) {
  yield '{"success":true,"data":{"activities":[';
  let first = true;
  for await (const rows of batches) {
    const at = now();
    const parts = rows.map((row) => JSON.stringify(presentActivity(row, at)));
    yield (first ? "" : ",") + parts.join(",");
    first = false;
  }
  yield "]}}";
}

export type ActivityService = ReturnType<typeof createActivityService>;
