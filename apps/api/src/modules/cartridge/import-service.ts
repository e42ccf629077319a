import path from "node:path";
import { Readable } from "node:stream";
import { type CcImportCounts, MESSAGES } from "@lms/contract";
import type { Kysely } from "kysely";
import { isUniqueViolation } from "../../db/errors.js";
import { newId, nowIso } from "../../db/ids.js";
import type { CoursesTable, Database } from "../../db/types.js";
import { conflict, forbidden } from "../../http/errors.js";
import { type Actor, canCreateCourse } from "../../policies/index.js";
import { detectFileType } from "../../storage/file-types.js";
import type { Storage } from "../../storage/storage.js";
import { logManagement } from "../activities/management.js";
import { IMAGE_MIME } from "../assessments/question-images.js";
import * as assessmentRepo from "../assessments/repo.js";
import { newAssessmentRow, questionRows } from "../assessments/service.js";
import { uniqueCourseCode } from "../courses/course-code.js";
import * as courseRepo from "../courses/repo.js";
import { typeOf as materialTypeOf } from "../materials/service.js";
import { unpackPackage } from "../qti/package-zip.js";
import { resolveHref } from "../qti/qti-package.js";
import { getSystemSettings } from "../settings/repo.js";
import { readManifest } from "./manifest.js";
import { type CcPlan, planImport } from "./plan.js";

const IMAGE_MIMES = new Set(Object.values(IMAGE_MIME));

export type CcImportService = ReturnType<typeof createCcImportService>;

/** A Common Cartridge (1.1 to 1.3) into a new draft course (issue 24). */
export function createCcImportService({ db, storage }: { db: Kysely<Database>; storage: Storage }) {
  /** Every file the plan needs, stored; `stored` lists the keys so a failure can remove them. */
  async function storeFiles(plan: CcPlan, files: Map<string, Buffer>, stored: string[]) {
    const byPath = new Map<string, { key: string; size: number; mime: string; name: string }>();
    const wanted = [...plan.modules.flatMap((m) => m.lessons.flatMap((l) => l.files)), ...plan.fileMaterials];
    for (const file of new Set(wanted)) {
      const bytes = files.get(file) as Buffer;
      const name = path.posix.basename(file);
      const type = await detectFileType(bytes.subarray(0, 4100), name);
      const put = await storage.put(Readable.from([bytes]), { prefix: "lessons", maxBytes: bytes.length + 1 });
      stored.push(put.key);
      byPath.set(file, { key: put.key, size: put.size, mime: type.mime, name });
    }
    return byPath;
  }

  /** A question's image from the package when it is one the product shows, stored as a question image. */
  async function storeImage(src: string | undefined, itemPath: string, files: Map<string, Buffer>, stored: string[]) {
    const href = src ? resolveHref(itemPath, src) : null;
    const bytes = href ? files.get(href) : undefined;
    if (!bytes) return null;
    const type = await detectFileType(bytes.subarray(0, 4100), href as string);
    if (!IMAGE_MIMES.has(type.mime)) return null;
    const put = await storage.put(Readable.from([bytes]), { prefix: "question-images", maxBytes: bytes.length + 1 });
    stored.push(put.key);
    return { key: put.key, mime: type.mime };
  }

  return {
    async importCartridge(actor: Actor, upload: { name: string; bytes: Buffer; title?: string }) {
      if (!canCreateCourse(actor)) throw forbidden(MESSAGES.forbidden);
      const { maxCourses } = await getSystemSettings(db);
      if ((await courseRepo.countCourses(db)) >= maxCourses) throw forbidden(MESSAGES.courseLimitReached);
      const files = await unpackPackage(upload.bytes);
      const manifest = readManifest(files);
      const plan = planImport(manifest, files);
      const title = (upload.title || manifest.title || upload.name.replace(/\.(imscc|zip)$/i, "") || "Course").slice(
        0,
        200,
      );

      const stored: string[] = [];
      try {
        const byPath = await storeFiles(plan, files, stored);
        const now = nowIso();
        const stamp = { created_at: now, updated_at: now };
        const course: CoursesTable = {
          id: newId(),
          title,
          course_code: await uniqueCourseCode(db, title),
          description: "",
          short_description: "",
          category_id: null,
          instructor_id: actor.id,
          price_credits: 0,
          difficulty: "beginner",
          duration: 0,
          language: "en",
          tags: "[]",
          requirements: "[]",
          learning_outcomes: "[]",
          thumbnail: null,
          published: 0,
          enrollment_count: 0,
          completion_count: 0,
          completion_requires_assessments: 1,
          rating_count: 0,
          rating_sum: 0,
          ...stamp,
        };
        const counts: CcImportCounts = { modules: 0, lessons: 0, files: 0, materials: 0, assessments: 0, questions: 0 };
        const assessments: { row: assessmentRepo.AssessmentRow; rows: assessmentRepo.QuestionRow[] }[] = [];
        for (const a of plan.assessments) {
          const inputs = a.questions.map((q) => q.reading.question);
          const row = newAssessmentRow({ title: a.title, questions: inputs }, course.id, actor.id, now);
          const rows = questionRows(row.id, inputs, [], now);
          for (const [index, q] of a.questions.entries()) {
            const image = await storeImage(q.reading.image?.src, q.itemPath, files, stored);
            if (image)
              rows[index] = {
                ...rows[index],
                image_key: image.key,
                image_mime: image.mime,
                image_alt: q.reading.image?.alt || null,
              };
          }
          assessments.push({ row, rows });
        }

        await db.transaction().execute(async (trx) => {
          await courseRepo.insertCourse(trx, course);
          for (const [m, module] of plan.modules.entries()) {
            const moduleId = newId();
            await trx
              .insertInto("modules")
              .values({
                id: moduleId,
                course_id: course.id,
                title: module.title || `Module ${m + 1}`,
                description: "",
                sort_order: m + 1,
                ...stamp,
              })
              .execute();
            counts.modules++;
            for (const [l, lesson] of module.lessons.entries()) {
              const lessonId = newId();
              await trx
                .insertInto("lessons")
                .values({
                  id: lessonId,
                  course_id: course.id,
                  module_id: moduleId,
                  title: lesson.title || `Lesson ${l + 1}`,
                  description: "",
                  body: lesson.body,
                  sort_order: l + 1,
                  is_published: 1,
                  ...stamp,
                })
                .execute();
              counts.lessons++;
              for (const file of lesson.files) {
                const f = byPath.get(file);
                if (!f) continue;
                const kind = f.mime.startsWith("video/") ? ("video" as const) : ("resource" as const);
                await trx
                  .insertInto("lesson_files")
                  .values({
                    id: newId(),
                    course_id: course.id,
                    lesson_id: lessonId,
                    storage_key: f.key,
                    name: f.name,
                    mime: f.mime,
                    kind,
                    size: f.size,
                    created_at: now,
                  })
                  .execute();
                counts.files++;
              }
            }
          }
          const material = {
            id: "",
            course_id: course.id,
            description: "",
            downloads: 0,
            uploaded_by: actor.id,
            ...stamp,
          };
          for (const link of plan.links) {
            await trx
              .insertInto("materials")
              .values({
                ...material,
                id: newId(),
                title: link.title.slice(0, 200),
                type: "link",
                url: link.url,
                storage_key: null,
                file_name: null,
                mime: null,
                size: null,
              })
              .execute();
            counts.materials++;
          }
          for (const file of plan.fileMaterials) {
            const f = byPath.get(file);
            if (!f) continue;
            await trx
              .insertInto("materials")
              .values({
                ...material,
                id: newId(),
                title: f.name.slice(0, 200),
                type: materialTypeOf(f.mime),
                url: null,
                storage_key: f.key,
                file_name: f.name,
                mime: f.mime,
                size: f.size,
              })
              .execute();
            counts.materials++;
          }
          for (const { row, rows } of assessments) {
            await assessmentRepo.insertAssessment(trx, row);
            await assessmentRepo.replaceQuestions(trx, row.id, rows);
            counts.assessments++;
            counts.questions += rows.length;
          }
          await logManagement(trx, actor, {
            action: "course_import_cc",
            title: `Imported course ${title} from a Common Cartridge`,
            courseId: course.id,
            targetId: course.id,
            details: { ...counts, skipped: plan.skipped.length },
          });
        });
        return { courseId: course.id, counts, skipped: plan.skipped };
      } catch (error) {
        await storage.remove(stored);
        if (isUniqueViolation(error)) throw conflict(MESSAGES.courseCodeTaken);
        throw error;
      }
    },
  };
}
