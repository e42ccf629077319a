import { type InstructorMaterialListQuery, type MaterialUpdate, MESSAGES, materialFieldsSchema } from "@lms/contract";
import type { Kysely } from "kysely";
import { newId, nowIso } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { badRequest, fieldError, notFound } from "../../http/errors.js";
import type { UploadedFile, UploadOptions } from "../../http/upload.js";
import { type Actor, isAdmin } from "../../policies/index.js";
import type { DiscardFiles } from "../../storage/discard.js";
import type { Storage } from "../../storage/storage.js";
import { changedFields, loggedChange } from "../activities/management.js";
import { logActivity } from "../activities/repo.js";
import { courseToManage } from "../courses/access.js";
import { uploadLimits } from "../settings/upload-limits.js";
import * as repo from "./repo.js";

export const typeOf = (mime: string) =>
  mime === "application/pdf" ? "pdf" : mime.startsWith("video/") ? "video" : "document";

export type MaterialService = ReturnType<typeof createMaterialService>;

interface StoredDownload {
  key: string;
  mime: string;
  name: string;
  download: boolean;
}

export function createMaterialService(deps: { db: Kysely<Database>; storage: Storage; discard: DiscardFiles }) {
  const { db, storage, discard } = deps;
  async function materialOf(actor: Actor, courseId: string, materialId: string) {
    await courseToManage(db, actor, courseId);
    const material = await repo.findMaterial(db, courseId, materialId);
    if (!material) throw notFound(MESSAGES.materialNotFound);
    return material;
  }

  /** A stored material's file; counts the download unless it is a later range of the same one. */
  async function fileForDownload(material: repo.MaterialRow | undefined, continuing: boolean): Promise<StoredDownload> {
    if (!material?.storage_key) throw notFound(MESSAGES.materialNotFound);
    if (!continuing) await repo.countDownload(db, material.id);
    return {
      key: material.storage_key,
      mime: material.mime ?? "application/octet-stream",
      name: material.file_name ?? "download",
      download: true,
    };
  }

  return {
    /** For the instructor dashboard: materials of the courses they teach (admins: all courses). */
    recent: (actor: Actor, limit: number) => repo.recentMaterials(db, isAdmin(actor) ? null : actor.id, limit),

    /** The workspace list: a course filter outside one's own courses simply matches nothing. */
    managed: (actor: Actor, query: InstructorMaterialListQuery) => {
      const { page, limit, ...filters } = query;
      return repo.managedMaterials(db, isAdmin(actor) ? null : actor.id, filters, { page, limit });
    },

    async list(actor: Actor, courseId: string, page: { page: number; limit: number }) {
      await courseToManage(db, actor, courseId);
      return repo.listMaterials(db, courseId, page);
    },

    async prepareUpload(actor: Actor, courseId: string): Promise<UploadOptions> {
      await courseToManage(db, actor, courseId);
      return { field: "material", prefix: "materials", ...(await uploadLimits(db)) };
    },

    /** A file material, or a link material when no file but a url is given. */
    async create(
      actor: Actor,
      courseId: string,
      upload: { fields: Record<string, string>; file: UploadedFile | null },
    ) {
      const { file } = upload;
      const parsed = materialFieldsSchema.safeParse(upload.fields);
      if (!parsed.success || (!file && !parsed.data.url)) {
        if (file) await storage.remove([file.key]);
        const errors = parsed.success
          ? [fieldError("material", MESSAGES.selectFile)]
          : parsed.error.issues.map((issue) => ({ path: issue.path.join("."), msg: issue.message }));
        throw badRequest(errors[0].msg, errors);
      }
      const now = nowIso();
      const row: repo.MaterialRow = {
        id: newId(),
        course_id: courseId,
        title: parsed.data.title,
        description: parsed.data.description,
        type: file ? typeOf(file.mime) : "link",
        storage_key: file?.key ?? null,
        url: file ? null : (parsed.data.url ?? null),
        file_name: file?.name ?? null,
        mime: file?.mime ?? null,
        size: file?.size ?? null,
        downloads: 0,
        uploaded_by: actor.id,
        created_at: now,
        updated_at: now,
      };
      try {
        await loggedChange(
          db,
          actor,
          {
            action: "material_create",
            title: `Added material: ${row.title}`,
            courseId,
            targetId: row.id,
            details: { type: row.type, fileName: row.file_name },
          },
          (trx) => repo.insertMaterial(trx, row),
        );
      } catch (error) {
        if (file) await storage.remove([file.key]);
        throw error;
      }
      return row;
    },

    async update(actor: Actor, courseId: string, materialId: string, input: MaterialUpdate) {
      const material = await materialOf(actor, courseId, materialId);
      if (input.url !== undefined && material.type !== "link") {
        throw badRequest(MESSAGES.urlOnlyForLinks, [fieldError("url", MESSAGES.urlOnlyForLinks)]);
      }
      const changes = {
        title: input.title ?? material.title,
        description: input.description ?? material.description,
        url: input.url ?? material.url,
        updated_at: nowIso(),
      };
      await loggedChange(
        db,
        actor,
        {
          action: "material_update",
          title: `Updated material: ${changes.title}`,
          courseId,
          targetId: materialId,
          changes: changedFields(material, {
            title: changes.title,
            description: changes.description,
            url: changes.url,
          }),
        },
        (trx) => repo.updateMaterial(trx, materialId, changes),
      );
      return { ...material, ...changes };
    },

    async remove(actor: Actor, courseId: string, materialId: string) {
      const material = await materialOf(actor, courseId, materialId);
      await loggedChange(
        db,
        actor,
        {
          action: "material_delete",
          title: `Deleted material: ${material.title}`,
          courseId,
          targetId: materialId,
        },
        (trx) => repo.deleteMaterial(trx, materialId),
      );
      await discard([material.storage_key]);
    },

    /**
     * Download by a signed-in manager, logged as material_download: the stored file, or for a link
     * material the address to go to.
     */
    async downloadByManager(
      actor: Actor,
      courseId: string,
      materialId: string,
      continuing: boolean,
    ): Promise<{ file: StoredDownload } | { link: string }> {
      const material = await materialOf(actor, courseId, materialId);
      const link = material.type === "link" ? material.url : null;
      if (link && !continuing) await repo.countDownload(db, material.id);
      const result = link ? { link } : { file: await fileForDownload(material, continuing) };
      if (!continuing) {
        await logActivity(db, {
          userId: actor.id,
          type: "material_download",
          title: `Downloaded ${material.title}`,
          courseId,
          metadata: { materialId },
        });
      }
      return result;
    },

    /** Download through a signed link (whoever was handed it may read the course). */
    async downloadBySignedLink(materialId: string, continuing: boolean) {
      return fileForDownload(await repo.findMaterialById(db, materialId), continuing);
    },
  };
}
