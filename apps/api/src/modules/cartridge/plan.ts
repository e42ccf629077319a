import path from "node:path";
import type { CcSkipped, QuestionInput } from "@lms/contract";
import { sanitizeQuestionText } from "../assessments/rich-text.js";
import { type ItemReading, isItem, isTest, readItem } from "../qti/qti-item.js";
import { itemsOfTest } from "../qti/qti-package.js";
import { childElements, parseXml, textOf } from "../qti/qti-xml.js";
import { isQti12, qti12Items, readQti12Item } from "../qti/qti12-item.js";
import type { CcManifest, CcResource } from "./manifest.js";

type Reading = Extract<ItemReading, { question: QuestionInput }>;

/** What the cartridge becomes, read but not yet written. */
export interface CcPlan {
  modules: { title: string; lessons: { title: string; body: string; files: string[] }[] }[];
  links: { title: string; url: string }[];
  fileMaterials: string[];
  assessments: { title: string; questions: { reading: Reading; itemPath: string }[] }[];
  skipped: CcSkipped[];
}

const WEB_LINK = /^imswl_xmlv1p\d/i;
const QTI = /imsqti|assessment/i;
const HTML_FILE = /\.x?html?$/i;

/** The HTML inside `<body>` (the whole text when there is none). */
const bodyOf = (html: string) => /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;

const isHttp = (url: string) => /^https?:\/\/\S+$/i.test(url);

function webLink(file: string, bytes: Buffer): { title: string; url: string } | null {
  const root = parseXml(file, bytes);
  const url = childElements(root).find((c) => c.name.replace(/^qti-/, "") === "url")?.attrs.href ?? "";
  const title = textOf(childElements(root).find((c) => c.name.replace(/^qti-/, "") === "title") ?? { text: "" });
  return isHttp(url) ? { title: title.trim() || url, url } : null;
}

/** The cartridge's items and resources sorted into lessons, materials, assessments and the skipped list. */
export function planImport(manifest: CcManifest, files: Map<string, Buffer>): CcPlan {
  const plan: CcPlan = { modules: [], links: [], fileMaterials: [], assessments: [], skipped: [] };
  const used = new Set<string>();
  const lessonFiles = new Set<string>();
  const skip = (r: CcResource, reason?: string) =>
    plan.skipped.push({ identifier: r.identifier, type: r.type, ...(reason ? { reason } : {}) });

  function assessment(r: CcResource, title: string) {
    const href = r.href && files.has(r.href) ? r.href : null;
    if (!href) return skip(r, "its file is not in the package");
    const root = parseXml(href, files.get(href) as Buffer);
    const questions: CcPlan["assessments"][number]["questions"] = [];
    const take = (reading: ItemReading, itemPath: string) => {
      if ("skipped" in reading) {
        plan.skipped.push({
          identifier: `${r.identifier}/${reading.identifier}`,
          type: reading.skipped,
          reason: reading.reason,
        });
      } else {
        questions.push({ reading, itemPath });
      }
    };
    let ownTitle = root.attrs.title;
    if (isQti12(root)) {
      const read = qti12Items(root);
      ownTitle = read.title ?? "";
      for (const [index, item] of read.items.entries()) take(readQti12Item(item, `item${index + 1}`), href);
    } else {
      const paths = isTest(root) ? itemsOfTest(href, root) : isItem(root) ? [href] : [];
      for (const itemPath of paths) {
        const bytes = files.get(itemPath);
        if (!bytes) {
          plan.skipped.push({ identifier: itemPath, type: "missing-file" });
          continue;
        }
        take(readItem(parseXml(itemPath, bytes), itemPath), itemPath);
      }
    }
    if (questions.length === 0) return skip(r, "no question of a supported type");
    plan.assessments.push({ title: (ownTitle || title || r.identifier).slice(0, 200), questions });
  }

  function link(r: CcResource) {
    const read = r.href && files.get(r.href) ? webLink(r.href, files.get(r.href) as Buffer) : null;
    if (!read) return skip(r, "no http(s) address");
    plan.links.push(read);
  }

  for (const module of manifest.modules) {
    const lessons: CcPlan["modules"][number]["lessons"] = [];
    for (const item of module.items) {
      const r = manifest.resources.get(item.resource);
      if (!r) {
        plan.skipped.push({ identifier: item.resource, type: "missing-resource" });
        continue;
      }
      used.add(r.identifier);
      if (r.type === "webcontent") {
        const launch = r.href && HTML_FILE.test(r.href) ? r.href : null;
        const body =
          launch && files.has(launch)
            ? sanitizeQuestionText(bodyOf((files.get(launch) as Buffer).toString("utf8")))
            : "";
        const own = r.files.filter((f) => f !== launch && files.has(f));
        for (const f of own) lessonFiles.add(f);
        lessons.push({
          title: (item.title || path.posix.basename(r.href ?? r.identifier)).slice(0, 200),
          body,
          files: own,
        });
      } else if (WEB_LINK.test(r.type)) link(r);
      else if (QTI.test(r.type)) assessment(r, item.title);
      else skip(r);
    }
    plan.modules.push({ title: module.title.slice(0, 200), lessons });
  }

  // Resources no item points at: a course's files and links outside its modules (as Canvas exports them).
  for (const r of manifest.resources.values()) {
    if (used.has(r.identifier)) continue;
    if (r.type === "webcontent") {
      for (const f of r.files) if (files.has(f) && !lessonFiles.has(f)) plan.fileMaterials.push(f);
    } else if (WEB_LINK.test(r.type)) link(r);
    else if (QTI.test(r.type)) assessment(r, "");
    else if (!isDependency(manifest, r)) skip(r);
  }
  plan.fileMaterials = [...new Set(plan.fileMaterials)];
  return plan;
}

/** A resource only other resources depend on (its files were taken with them). */
function isDependency(manifest: CcManifest, r: CcResource) {
  return (
    r.files.length > 0 &&
    [...manifest.resources.values()].some((o) => o !== r && r.files.every((f) => o.files.includes(f)))
  );
}
