import {
  type BulkUpdateUsersInput,
  type CataloguedMessage,
  type createUserSchema,
  type ErrorItem,
  MESSAGES,
  USER_ADMIN_MESSAGES,
  type updateUserSchema,
} from "@lms/contract";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { hashPassword } from "../../auth/passwords.js";
import { isUniqueViolation } from "../../db/errors.js";
import { newId, nowIso, toFlag } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { AppError, conflict, fieldError, forbidden, notFound } from "../../http/errors.js";
import { type Actor, refuseUserChange, refuseUserDelete } from "../../policies/index.js";
import type { DiscardFiles } from "../../storage/discard.js";
import { changedFields, logManagement } from "../activities/management.js";
import { credentialsChanged, type SecurityEvent } from "../auth/credentials-changed.js";
import { revokeUserRefreshTokens } from "../auth/repo.js";
import type { MailQueue } from "../settings/mail-queue.js";
import { getSystemSettings } from "../settings/repo.js";
import { assertRoomForUsers } from "./capacity.js";
import { NO_PASSWORD, queueInvitation } from "./invitation.js";
import { deleteUsers, findUsersByIds, taughtCourseCounts, userFileKeys } from "./manage-repo.js";
import { findUserByEmail, findUserById, insertUser, type UserRow, updateUser } from "./repo.js";

type CreateUser = z.output<typeof createUserSchema>;
type UpdateUser = z.output<typeof updateUserSchema>;

const emailTaken = () => conflict(MESSAGES.emailTaken, [fieldError("email", MESSAGES.emailTaken)]);
const blankToNull = (value: string | undefined) => (value ? value : null);

/** The stored changes of an update: "" (an empty optional field or password) means "leave as is". */
async function changesOf(input: UpdateUser): Promise<Partial<UserRow>> {
  const changes: Partial<UserRow> = {};
  for (const key of ["name", "email", "role", "status", "bio", "location", "phone", "website"] as const) {
    const value = input[key];
    if (value !== undefined && value !== "") changes[key] = value;
  }
  if (input.credits !== undefined) changes.credits = input.credits;
  if (input.password) changes.password_hash = await hashPassword(input.password);
  return changes;
}

/** A new password or e-mail address set by an admin ends the user's sessions and links, like their own change. */
function credentialEventOf(target: UserRow, changes: Partial<UserRow>, actor: Actor): SecurityEvent | null {
  const changed = [
    ...(changes.password_hash ? ["password"] : []),
    ...(changes.email && changes.email !== target.email ? ["email"] : []),
  ];
  if (changed.length === 0) return null;
  const password = changed.includes("password");
  return {
    type: password ? "password_changed" : "email_changed",
    title: password ? "Password set by an administrator" : "E-mail address changed by an administrator",
    metadata: { changed, by: actor.id },
  };
}

/** All-or-nothing: a refused bulk call names every refused id with its reason and changes nothing. */
interface Refusal {
  id: string;
  status: number;
  message: CataloguedMessage;
}

function refuseBulk(refusals: Refusal[]): void {
  if (refusals.length === 0) return;
  const status = refusals.some((r) => r.status === 403) ? 403 : refusals.some((r) => r.status === 409) ? 409 : 404;
  const errors: ErrorItem[] = refusals.map((r) => fieldError(r.id, r.message));
  throw new AppError(status, USER_ADMIN_MESSAGES.bulkRefused, errors);
}

interface UserServiceDeps {
  db: Kysely<Database>;
  discard: DiscardFiles;
  /** For invitations: the queue their e-mail goes through and the web app's address for their link. */
  mail: MailQueue;
  publicUrl: string;
}

export function createUserService({ db, discard, mail, publicUrl }: UserServiceDeps) {
  async function load(id: string): Promise<UserRow> {
    const user = await findUserById(db, id);
    if (!user) throw notFound(MESSAGES.userNotFound);
    return user;
  }

  /** Suspending or deactivating someone also ends their refresh tokens (their access token fails at once). */
  async function applyChanges(actor: Actor, target: UserRow, changes: Partial<UserRow>): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const now = nowIso();
      await updateUser(trx, target.id, { ...changes, updated_at: now });
      if (changes.status && changes.status !== "active") await revokeUserRefreshTokens(trx, target.id, now);
      const event = credentialEventOf(target, changes, actor);
      if (event) await credentialsChanged(trx, target.id, now, event);
      await logManagement(trx, actor, {
        action: "user_update",
        title: `Updated user ${target.name}`,
        targetId: target.id,
        changes: changedFields(target, changes, ["password_hash"]),
      });
    });
  }

  return {
    get: load,

    async create(actor: Actor, input: CreateUser): Promise<UserRow> {
      const refusal = refuseUserChange(actor, null, { role: input.role });
      if (refusal) throw forbidden(USER_ADMIN_MESSAGES[refusal]);
      if (await findUserByEmail(db, input.email)) throw emailTaken();
      await assertRoomForUsers(db);
      const now = nowIso();
      const row: UserRow = {
        id: newId(),
        name: input.name,
        email: input.email,
        password_hash: input.password ? await hashPassword(input.password) : NO_PASSWORD,
        role: input.role,
        status: input.status,
        credits: input.credits ?? (await getSystemSettings(db)).startingCredits,
        email_verified: toFlag(false),
        last_login: null,
        bio: blankToNull(input.bio),
        location: blankToNull(input.location),
        phone: blankToNull(input.phone),
        website: blankToNull(input.website),
        avatar: null,
        sessions_valid_after: null,
        created_at: now,
        updated_at: now,
      };
      try {
        await db.transaction().execute(async (trx) => {
          await insertUser(trx, row);
          await logManagement(trx, actor, {
            action: "user_create",
            title: `Created user ${row.name}`,
            description: `${row.email} as ${row.role}`,
            targetId: row.id,
            details: {
              email: row.email,
              role: row.role,
              status: row.status,
              credits: row.credits,
              invited: input.sendInvitation,
            },
          });
          if (input.sendInvitation) await queueInvitation(trx, { mail, publicUrl }, row, now);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      if (input.sendInvitation) mail.deliverSoon();
      return row;
    },

    async update(actor: Actor, id: string, input: UpdateUser): Promise<UserRow> {
      const target = await load(id);
      const changes = await changesOf(input);
      const refusal = refuseUserChange(actor, target, changes);
      if (refusal) throw forbidden(USER_ADMIN_MESSAGES[refusal]);
      if (changes.email && changes.email !== target.email) {
        const owner = await findUserByEmail(db, changes.email);
        if (owner && owner.id !== id) throw emailTaken();
      }
      try {
        await applyChanges(actor, target, changes);
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      return load(id);
    },

    /** active becomes inactive; inactive or suspended becomes active. */
    async toggleStatus(actor: Actor, id: string): Promise<UserRow> {
      const target = await load(id);
      const status = target.status === "active" ? "inactive" : "active";
      const refusal = refuseUserChange(actor, target, { status });
      if (refusal) throw forbidden(USER_ADMIN_MESSAGES[refusal]);
      await applyChanges(actor, target, { status });
      return load(id);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      const target = await load(id);
      const refusal = refuseUserDelete(actor, target);
      if (refusal) throw forbidden(USER_ADMIN_MESSAGES[refusal]);
      const files = await db.transaction().execute(async (trx) => {
        if ((await taughtCourseCounts(trx, [id])).size > 0) throw conflict(USER_ADMIN_MESSAGES.teachesCourses);
        const keys = await userFileKeys(trx, [id]);
        await deleteUsers(trx, [id]);
        await logManagement(trx, actor, {
          action: "user_delete",
          title: `Deleted user ${target.name}`,
          description: target.email,
          targetId: id,
          details: { email: target.email, role: target.role },
        });
        return keys;
      });
      await discard(files);
    },

    async bulkUpdate(actor: Actor, ids: string[], updates: BulkUpdateUsersInput["updates"]): Promise<number> {
      const unique = [...new Set(ids)];
      return db.transaction().execute(async (trx) => {
        const found = new Map((await findUsersByIds(trx, unique)).map((u) => [u.id, u]));
        const refusals = unique.flatMap((id): Refusal[] => {
          const target = found.get(id);
          if (!target) return [{ id, status: 404, message: MESSAGES.userNotFound }];
          const refusal = refuseUserChange(actor, target, updates);
          return refusal ? [{ id, status: 403, message: USER_ADMIN_MESSAGES[refusal] }] : [];
        });
        refuseBulk(refusals);
        const now = nowIso();
        await trx
          .updateTable("users")
          .set({ ...updates, updated_at: now })
          .where("id", "in", unique)
          .execute();
        if (updates.status && updates.status !== "active") {
          for (const id of unique) await revokeUserRefreshTokens(trx, id, now);
        }
        await logManagement(trx, actor, {
          action: "user_bulk_update",
          title: `Updated ${unique.length} users`,
          description: Object.entries(updates)
            .map(([key, value]) => `${key}: ${String(value)}`)
            .join(", "),
          details: { userIds: unique, updates },
        });
        return unique.length;
      });
    },

    async bulkDelete(actor: Actor, ids: string[]): Promise<number> {
      const unique = [...new Set(ids)];
      const { deleted, files } = await db.transaction().execute(async (trx) => {
        const found = new Map((await findUsersByIds(trx, unique)).map((u) => [u.id, u]));
        const teaching = await taughtCourseCounts(trx, unique);
        const refusals = unique.flatMap((id): Refusal[] => {
          const target = found.get(id);
          if (!target) return [{ id, status: 404, message: MESSAGES.userNotFound }];
          const refusal = refuseUserDelete(actor, target);
          if (refusal) return [{ id, status: 403, message: USER_ADMIN_MESSAGES[refusal] }];
          return teaching.has(id) ? [{ id, status: 409, message: USER_ADMIN_MESSAGES.teachesCourses }] : [];
        });
        refuseBulk(refusals);
        const keys = await userFileKeys(trx, unique);
        const count = await deleteUsers(trx, unique);
        await logManagement(trx, actor, {
          action: "user_bulk_delete",
          title: `Deleted ${unique.length} users`,
          details: { userIds: unique },
        });
        return { deleted: count, files: keys };
      });
      await discard(files);
      return deleted;
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
