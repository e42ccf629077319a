import { type AnnouncementCreate, type AnnouncementUpdate, MESSAGES } from "@lms/contract";
import type { Kysely } from "kysely";
import { newId, nowIso } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { notFound } from "../../http/errors.js";
import type { Actor } from "../../policies/index.js";
import { changedFields, loggedChange, logManagement } from "../activities/management.js";
import { courseToManage } from "../courses/access.js";
import * as repo from "./repo.js";

export type AnnouncementService = ReturnType<typeof createAnnouncementService>;

export function createAnnouncementService({ db }: { db: Kysely<Database> }) {
  async function announcementOf(actor: Actor, courseId: string, announcementId: string) {
    await courseToManage(db, actor, courseId);
    const announcement = await repo.findAnnouncement(db, courseId, announcementId);
    if (!announcement) throw notFound(MESSAGES.announcementNotFound);
    return announcement;
  }

  return {
    async list(actor: Actor, courseId: string, page: { page: number; limit: number }) {
      await courseToManage(db, actor, courseId);
      return repo.listAnnouncements(db, courseId, page);
    },

    async create(actor: Actor, courseId: string, input: AnnouncementCreate) {
      await courseToManage(db, actor, courseId);
      const now = nowIso();
      const id = newId();
      await db.transaction().execute(async (trx) => {
        await repo.insertAnnouncement(trx, {
          id,
          course_id: courseId,
          author_id: actor.id,
          title: input.title,
          description: input.description,
          content: input.content,
          created_at: now,
          updated_at: now,
        });
        await logManagement(trx, actor, {
          action: "announcement_create",
          title: `Posted announcement: ${input.title}`,
          courseId,
          targetId: id,
        });
      });
      return announcementOf(actor, courseId, id);
    },

    async update(actor: Actor, courseId: string, announcementId: string, input: AnnouncementUpdate) {
      const announcement = await announcementOf(actor, courseId, announcementId);
      const changes = {
        title: input.title ?? announcement.title,
        description: input.description ?? announcement.description,
        content: input.content ?? announcement.content,
        updated_at: nowIso(),
      };
      await loggedChange(
        db,
        actor,
        {
          action: "announcement_update",
          title: `Updated announcement: ${changes.title}`,
          courseId,
          targetId: announcementId,
          changes: changedFields(announcement, {
            title: changes.title,
            description: changes.description,
            content: changes.content,
          }),
        },
        (trx) => repo.updateAnnouncement(trx, announcementId, changes),
      );
      return { ...announcement, ...changes };
    },

    async remove(actor: Actor, courseId: string, announcementId: string) {
      const announcement = await announcementOf(actor, courseId, announcementId);
      await loggedChange(
        db,
        actor,
        {
          action: "announcement_delete",
          title: `Deleted announcement: ${announcement.title}`,
          courseId,
          targetId: announcementId,
        },
        (trx) => repo.deleteAnnouncement(trx, announcementId),
      );
    },
  };
}
