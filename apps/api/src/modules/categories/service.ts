import { type Category, MESSAGES } from "@lms/contract";
import type { Kysely } from "kysely";
import { isUniqueViolation } from "../../db/errors.js";
import { newId, nowIso } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { conflict, fieldError, forbidden, notFound } from "../../http/errors.js";
import { type Actor, canManageCategories } from "../../policies/index.js";
import { changedFields, loggedChange, logManagement } from "../activities/management.js";
import * as repo from "./repo.js";

const nameTaken = () => conflict(MESSAGES.categoryExists, [fieldError("name", MESSAGES.categoryExists)]);

export type CategoryService = ReturnType<typeof createCategoryService>;

/** Admins create, rename and delete categories; names are unique regardless of case. */
export function createCategoryService({ db }: { db: Kysely<Database> }) {
  function allowed(actor: Actor) {
    if (!canManageCategories(actor)) throw forbidden(MESSAGES.forbidden);
  }

  async function existing(id: string) {
    const category = await repo.findCategory(db, id);
    if (!category) throw notFound(MESSAGES.categoryNotFound);
    return category;
  }

  async function write(action: () => Promise<void>) {
    try {
      await action();
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }

  return {
    async create(actor: Actor, name: string): Promise<Category> {
      allowed(actor);
      if (await repo.findCategoryNamed(db, name)) throw nameTaken();
      const row = { id: newId(), name, created_at: nowIso() };
      await write(() =>
        db.transaction().execute(async (trx) => {
          await repo.insertCategory(trx, row);
          await logManagement(trx, actor, {
            action: "category_create",
            title: `Created category: ${name}`,
            targetId: row.id,
          });
        }),
      );
      return { _id: row.id, name, courseCount: 0 };
    },

    async rename(actor: Actor, id: string, name: string): Promise<Category> {
      allowed(actor);
      const before = await existing(id);
      if (await repo.findCategoryNamed(db, name, id)) throw nameTaken();
      await write(() =>
        db.transaction().execute(async (trx) => {
          await repo.renameCategory(trx, id, name);
          await logManagement(trx, actor, {
            action: "category_update",
            title: `Renamed category: ${name}`,
            targetId: id,
            changes: changedFields(before, { name }),
          });
        }),
      );
      const counts = await repo.categoryCourseCounts(db, id);
      return { _id: id, name, courseCount: counts.published };
    },

    /** Only an empty category: every course must keep one. */
    async remove(actor: Actor, id: string): Promise<void> {
      allowed(actor);
      const category = await existing(id);
      if ((await repo.categoryCourseCounts(db, id)).all > 0) throw conflict(MESSAGES.categoryInUse);
      await loggedChange(
        db,
        actor,
        {
          action: "category_delete",
          title: `Deleted category: ${category.name}`,
          targetId: id,
        },
        (trx) => repo.deleteCategory(trx, id),
      );
    },
  };
}
