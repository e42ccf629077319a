import path from "node:path";
import type { Readable } from "node:stream";
import type { Kysely } from "kysely";
import yazl from "yazl";
import type { Database } from "../../db/types.js";
import { forbidden, notFound } from "../../http/errors.js";
import { type Actor, canCopyCourse } from "../../policies/index.js";
import type { Storage } from "../../storage/storage.js";
import { questionFromRow } from "../assessments/present.js";
import { IMAGE_MIME } from "../assessments/question-images.js";
import * as assessmentRepo from "../assessments/repo.js";
import { COURSE_NOT_FOUND, findCourse, NOT_YOUR_COURSE } from "../courses/access.js";
import { itemXml, testXml } from "../qti/qti-write.js";
import { assessmentXml, CC_QTI12_TYPE, fitsCcProfile } from "../qti/qti12-write.js";
import { type CcOrganisationOut, type CcResourceOut, ccManifestXml, lessonHtml, webLinkXml } from "./manifest-write.js";

const EXT_OF_MIME = Object.fromEntries(Object.entries(IMAGE_MIME).map(([ext, mime]) => [mime, ext]));
/**
 * CC names QTI 1.2 ("IMS CC QTI") for assessments, and Canvas and Moodle read only that. An assessment
 * with a question the profile cannot express (numeric, file upload) goes out whole as QTI 3.0 (the QTI
 * module's writer) under this type, which the product's own import and QTI 3.0 readers take.
 */
export const CC_QTI3_TYPE = "imsqti_xmlv3p0/imscc_xmlv1p3/assessment";

/** A file name safe inside the package, unique within its folder. */
function fileNames() {
  const taken = new Set<string>();
  return (folder: string, name: string) => {
    const clean = path.posix.basename(name).replace(/[^A-Za-z0-9._-]+/g, "_") || "file";
    let candidate = `${folder}/${clean}`;
    for (let n = 2; taken.has(candidate); n++) candidate = `${folder}/${n}_${clean}`;
    taken.add(candidate);
    return candidate;
  };
}

export type CcExportService = ReturnType<typeof createCcExportService>;

/** A course as a Common Cartridge 1.3 package (issue 24). */
export function createCcExportService({ db, storage }: { db: Kysely<Database>; storage: Storage }) {
  /** Adds a stored file when it is still there; answers whether it was. */
  async function addStored(zip: yazl.ZipFile, key: string | null, name: string) {
    if (!key || (await storage.size(key)) === null) return false;
    zip.addReadStream(storage.read(key), name);
    return true;
  }

  return {
    async exportCourse(actor: Actor, courseId: string) {
      const course = await findCourse(db, courseId);
      if (!course) throw notFound(COURSE_NOT_FOUND);
      if (!canCopyCourse(actor, course)) throw forbidden(NOT_YOUR_COURSE);
      const modules = await db
        .selectFrom("modules")
        .selectAll()
        .where("course_id", "=", courseId)
        .orderBy("sort_order")
        .orderBy("created_at")
        .execute();
      const lessons = await db
        .selectFrom("lessons")
        .selectAll()
        .where("course_id", "=", courseId)
        .orderBy("sort_order")
        .orderBy("created_at")
        .execute();
      const lessonFiles = await db
        .selectFrom("lesson_files")
        .selectAll()
        .where("course_id", "=", courseId)
        .orderBy("created_at")
        .execute();
      const materials = await db
        .selectFrom("materials")
        .selectAll()
        .where("course_id", "=", courseId)
        .orderBy("created_at")
        .execute();
      const assessments = await db
        .selectFrom("assessments")
        .selectAll()
        .where("course_id", "=", courseId)
        .orderBy("created_at")
        .execute();

      const zip = new yazl.ZipFile();
      const name = fileNames();
      const resources: CcResourceOut[] = [];
      const org: CcOrganisationOut = { title: course.title, modules: [] };
      let n = 0;
      for (const module of modules) {
        const items: CcOrganisationOut["modules"][number]["items"] = [];
        for (const lesson of lessons.filter((l) => l.module_id === module.id)) {
          const id = `L${++n}`;
          const href = `${id}/index.html`;
          zip.addBuffer(Buffer.from(lessonHtml(lesson.title, lesson.body)), href);
          const files = [href];
          for (const file of lessonFiles.filter((f) => f.lesson_id === lesson.id)) {
            const at = name(`${id}/files`, file.name);
            if (await addStored(zip, file.storage_key, at)) files.push(at);
          }
          resources.push({ identifier: `res_${id}`, type: "webcontent", href, files });
          items.push({ identifier: `item_${id}`, title: lesson.title, resource: `res_${id}` });
        }
        org.modules.push({ identifier: `module_${org.modules.length + 1}`, title: module.title, items });
      }
      for (const [index, material] of materials.entries()) {
        const id = `material_${index + 1}`;
        if (material.type === "link" && material.url) {
          const href = `links/${id}.xml`;
          zip.addBuffer(Buffer.from(webLinkXml(material.title, material.url)), href);
          resources.push({ identifier: `res_${id}`, type: "imswl_xmlv1p3", href, files: [href] });
        } else {
          const at = name(`materials/${id}`, material.file_name ?? material.title);
          if (await addStored(zip, material.storage_key, at)) {
            resources.push({ identifier: `res_${id}`, type: "webcontent", href: at, files: [at] });
          }
        }
      }
      for (const [index, assessment] of assessments.entries()) {
        const folder = `assessments/A${index + 1}`;
        const questions = (await assessmentRepo.questionsOf(db, assessment.id)).map(questionFromRow);
        const profiled = fitsCcProfile(questions);
        const files: string[] = [];
        const items: { identifier: string; href: string }[] = [];
        const profiledItems: Parameters<typeof assessmentXml>[2] = [];
        for (const [q, question] of questions.entries()) {
          const identifier = `item_${q + 1}`;
          let image: string | null = null;
          const at = `images/${identifier}.${EXT_OF_MIME[question.image?.mime ?? ""] ?? "bin"}`;
          if (question.image && (await addStored(zip, question.image.key, `${folder}/${at}`))) {
            files.push(`${folder}/${at}`);
            image = at;
          }
          if (profiled) {
            profiledItems.push({ question, identifier, imageHref: image });
            continue;
          }
          const imageHref = image && `../${image}`;
          zip.addBuffer(Buffer.from(itemXml(question, identifier, imageHref)), `${folder}/items/${identifier}.xml`);
          files.push(`${folder}/items/${identifier}.xml`);
          items.push({ identifier, href: `items/${identifier}.xml` });
        }
        const xml = profiled
          ? assessmentXml(`A${index + 1}`, assessment.title, profiledItems)
          : testXml(assessment.title, items);
        zip.addBuffer(Buffer.from(xml), `${folder}/assessment.xml`);
        resources.push({
          identifier: `res_A${index + 1}`,
          type: profiled ? CC_QTI12_TYPE : CC_QTI3_TYPE,
          href: `${folder}/assessment.xml`,
          files: [`${folder}/assessment.xml`, ...files],
        });
      }
      zip.addBuffer(Buffer.from(ccManifestXml(org, resources)), "imsmanifest.xml");
      zip.end();
      const fileName = `${course.title.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 80) || "course"}.imscc`;
      return { name: fileName, stream: zip.outputStream as Readable };
    },
  };
}
