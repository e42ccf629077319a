import {
  AVATAR_MAX_MB,
  AVATAR_TYPES,
  MESSAGES,
  PREFERENCE_MESSAGES,
  PROFILE_MESSAGES,
  type UpdateProfileInput,
} from "@lms/contract";
import type { Kysely } from "kysely";
import { nowIso } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { badRequest, fieldError, forbidden, notFound } from "../../http/errors.js";
import type { UploadedFile, UploadOptions } from "../../http/upload.js";
import type { Actor } from "../../policies/index.js";
import type { DiscardFiles } from "../../storage/discard.js";
import type { Storage } from "../../storage/storage.js";
import { logActivity } from "../activities/repo.js";
import { preferencesOf } from "../preferences/repo.js";
import { uploadLimits } from "../settings/upload-limits.js";
import { findUserById, type UserRow } from "../users/repo.js";
import * as repo from "./repo.js";

export type ProfileService = ReturnType<typeof createProfileService>;

const PROFILE_FIELDS = ["name", "bio", "location", "phone", "website"] as const;

/** The address the web shows a picture at; the version makes a new picture bypass caches. */
const avatarUrl = (userId: string, version: string) => `/api/users/${userId}/avatar?v=${Date.parse(version)}`;

/** One's own profile: the editable fields (spec §3 User profile) and the profile picture. */
export function createProfileService({
  db,
  storage,
  discard,
}: {
  db: Kysely<Database>;
  storage: Storage;
  discard: DiscardFiles;
}) {
  async function reload(userId: string): Promise<UserRow> {
    const user = await findUserById(db, userId);
    if (!user) throw notFound(PROFILE_MESSAGES.avatarMissing);
    return user;
  }

  return {
    /** Empty optional fields clear them; the entry says which fields changed. */
    async update(user: UserRow, input: UpdateProfileInput, ip: string) {
      const changes: Partial<Pick<UserRow, (typeof PROFILE_FIELDS)[number]>> = {};
      for (const field of PROFILE_FIELDS) {
        const value = input[field];
        if (value === undefined) continue;
        const next = value === "" && field !== "name" ? null : value;
        if (next !== user[field]) Object.assign(changes, { [field]: next });
      }
      const changed = Object.keys(changes);
      if (changed.length > 0) {
        await db.transaction().execute(async (trx) => {
          await trx
            .updateTable("users")
            .set({ ...changes, updated_at: nowIso() })
            .where("id", "=", user.id)
            .execute();
          await logActivity(trx, {
            userId: user.id,
            type: "profile_update",
            title: "Profile updated",
            description: `Changed: ${changed.join(", ")}`,
            metadata: { changed },
            ip,
          });
        });
      }
      return reload(user.id);
    },

    /** Images only, judged from the content; the smaller of 2 MB and the maxFileSize setting. */
    async avatarUploadOptions(): Promise<UploadOptions> {
      const { maxMegabytes } = await uploadLimits(db);
      return {
        field: "file",
        prefix: "avatars",
        maxMegabytes: Math.min(AVATAR_MAX_MB, maxMegabytes),
        allowedTypes: [...AVATAR_TYPES],
      };
    },

    /** Keeps the new picture and forgets the old one (its file goes once the database no longer points at it). */
    async setAvatar(user: UserRow, file: UploadedFile | null, ip: string) {
      if (!file)
        throw badRequest(PROFILE_MESSAGES.avatarNotImage, [fieldError("file", PROFILE_MESSAGES.avatarNotImage)]);
      const previous = await repo.findAvatar(db, user.id);
      const now = nowIso();
      try {
        await db.transaction().execute(async (trx) => {
          await repo.saveAvatar(trx, { user_id: user.id, storage_key: file.key, mime: file.mime, updated_at: now });
          await trx
            .updateTable("users")
            .set({ avatar: avatarUrl(user.id, now), updated_at: now })
            .where("id", "=", user.id)
            .execute();
          await logActivity(trx, {
            userId: user.id,
            type: "profile_update",
            title: "Profile picture changed",
            metadata: { changed: ["avatar"] },
            ip,
          });
        });
      } catch (error) {
        await storage.remove([file.key]);
        throw error;
      }
      await discard([previous?.storage_key ?? null]);
      return reload(user.id);
    },

    async removeAvatar(user: UserRow, ip: string) {
      const previous = await repo.findAvatar(db, user.id);
      if (!previous) throw notFound(PROFILE_MESSAGES.avatarMissing);
      await db.transaction().execute(async (trx) => {
        await repo.deleteAvatar(trx, user.id);
        await trx.updateTable("users").set({ avatar: null, updated_at: nowIso() }).where("id", "=", user.id).execute();
        await logActivity(trx, {
          userId: user.id,
          type: "profile_update",
          title: "Profile picture removed",
          metadata: { changed: ["avatar"] },
          ip,
        });
      });
      await discard([previous.storage_key]);
      return reload(user.id);
    },

    /** Others see a profile unless its owner made it private; instructors and admins always do. */
    async publicProfile(viewer: Actor, userId: string) {
      const user = await findUserById(db, userId);
      if (!user) throw notFound(MESSAGES.userNotFound);
      if (viewer.id !== user.id && viewer.role === "learner") {
        const { profileVisibility } = await preferencesOf(db, user.id);
        if (profileVisibility === "private") throw forbidden(PREFERENCE_MESSAGES.profilePrivate);
      }
      return {
        _id: user.id,
        name: user.name,
        role: user.role,
        avatar: user.avatar,
        bio: user.bio,
        location: user.location,
        website: user.website,
      };
    },

    /** Anyone may load a picture, except that of a private profile, which needs a signed link. */
    async avatarFile(userId: string, signed: boolean) {
      const avatar = await repo.findAvatar(db, userId);
      if (!avatar) throw notFound(PROFILE_MESSAGES.avatarMissing);
      if (!signed && (await preferencesOf(db, userId)).profileVisibility === "private") {
        throw forbidden(PREFERENCE_MESSAGES.profilePrivate);
      }
      return { key: avatar.storage_key, mime: avatar.mime, name: "avatar", download: false };
    },
  };
}
