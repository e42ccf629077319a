import type { Readable } from "node:stream";
import type { Kysely } from "kysely";
import yazl from "yazl";
import type { Database } from "../../db/types.js";
import type { Actor } from "../../policies/index.js";
import type { Storage } from "../../storage/storage.js";
import { assessmentToManage } from "../assessments/access.js";
import { questionFromRow } from "../assessments/present.js";
import { IMAGE_MIME } from "../assessments/question-images.js";
import * as repo from "../assessments/repo.js";
import { itemXml, manifestXml, testXml } from "./qti-write.js";

const EXT_OF_MIME = Object.fromEntries(Object.entries(IMAGE_MIME).map(([ext, mime]) => [mime, ext]));

export type QtiExportService = ReturnType<typeof createQtiExportService>;

/** An assessment as a QTI 3.0 package: imsmanifest.xml, assessment.xml, one item per question, images. */
export function createQtiExportService({ db, storage }: { db: Kysely<Database>; storage: Storage }) {
  return {
    async exportPackage(actor: Actor, courseId: string, assessmentId: string) {
      const assessment = await assessmentToManage(db, actor, courseId, assessmentId);
      const questions = (await repo.questionsOf(db, assessmentId)).map(questionFromRow);
      const zip = new yazl.ZipFile();
      const items: { identifier: string; href: string; files: string[] }[] = [];
      for (const [index, question] of questions.entries()) {
        const identifier = `item_${index + 1}`;
        const href = `items/${identifier}.xml`;
        const files = [href];
        let imageHref: string | null = null;
        if (question.image && (await storage.size(question.image.key)) !== null) {
          const image = `images/${identifier}.${EXT_OF_MIME[question.image.mime] ?? "bin"}`;
          zip.addReadStream(storage.read(question.image.key), image);
          files.push(image);
          imageHref = `../${image}`;
        }
        zip.addBuffer(Buffer.from(itemXml(question, identifier, imageHref)), href);
        items.push({ identifier, href, files });
      }
      zip.addBuffer(Buffer.from(testXml(assessment.title, items)), "assessment.xml");
      zip.addBuffer(Buffer.from(manifestXml(items)), "imsmanifest.xml");
      zip.end();
      const name = `${assessment.title.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 80) || "quiz"}-qti.zip`;
      return { name, stream: zip.outputStream as Readable };
    },
  };
}
