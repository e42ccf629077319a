import path from "node:path";
import { QTI_MESSAGES as M } from "@lms/contract";
import { badRequest, fieldError } from "../../http/errors.js";
import { isZip, unpackPackage } from "./package-zip.js";
import { isItem, isTest } from "./qti-item.js";
import { descendants, parseXml, type XmlElement } from "./qti-xml.js";
import { isQti12, qti12Items } from "./qti12-item.js";

/** The items of an upload in quiz order, each with its path (images are found relative to it). */
export interface QtiUpload {
  title: string | null;
  items: { path: string; root: XmlElement }[];
  /** Items a manifest or test names whose file is not in the package. */
  missing: string[];
  files: Map<string, Buffer>;
}

const refuse = (message: (typeof M)[keyof typeof M]) => badRequest(message, [fieldError("file", message)]);

/** A reference made in `from` to `href`, as a path of the package; null when it leaves the package or is a URL. */
export function resolveHref(from: string, href: string): string | null {
  // Common Cartridge's token for the cartridge's web content folder (Canvas: web_resources).
  const fileBase = /^(\$|%24)IMS-CC-FILEBASE(\$|%24)\//i.exec(href);
  if (fileBase) return resolveHref("web_resources/page", href.slice(fileBase[0].length));
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("/")) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(href.split("#")[0].split("?")[0]);
  } catch {
    return null;
  }
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(from), decoded));
  return joined.startsWith("..") ? null : joined;
}

/** Item paths in the test's order (`qti-assessment-item-ref`), relative to the package. */
export function itemsOfTest(testPath: string, test: XmlElement): string[] {
  return descendants(test)
    .filter((e) => e.name === "qti-assessment-item-ref" && e.attrs.href)
    .map((e) => resolveHref(testPath, e.attrs.href))
    .filter((p): p is string => p !== null);
}

function readZip(files: Map<string, Buffer>): QtiUpload {
  const manifestBytes = files.get("imsmanifest.xml");
  if (!manifestBytes) throw refuse(M.notQti);
  const resources = descendants(parseXml("imsmanifest.xml", manifestBytes)).filter(
    (e) => e.name === "qti-resource" && e.attrs.href,
  );
  const hrefsOf = (kind: RegExp) =>
    resources
      .filter((r) => kind.test(r.attrs.type ?? ""))
      .map((r) => resolveHref("imsmanifest.xml", r.attrs.href))
      .filter((p): p is string => p !== null);
  const testPath = hrefsOf(/imsqti_test|imsqti_assessment/i).find((p) => files.has(p));
  let title: string | null = null;
  let paths = hrefsOf(/imsqti_item/i);
  if (testPath) {
    const test = parseXml(testPath, files.get(testPath) as Buffer);
    title = test.attrs.title ?? null;
    paths = itemsOfTest(testPath, test);
  }
  const items: QtiUpload["items"] = [];
  const missing: string[] = [];
  for (const itemPath of paths) {
    const bytes = files.get(itemPath);
    if (!bytes) {
      missing.push(itemPath);
      continue;
    }
    const root = parseXml(itemPath, bytes);
    if (isItem(root)) items.push({ path: itemPath, root });
  }
  return { title, items, missing, files };
}

/** A QTI package (zip with imsmanifest.xml), one item's XML file or a QTI 1.2 `questestinterop` file, parsed; 400 with a message otherwise. */
export async function readUpload(name: string, bytes: Buffer): Promise<QtiUpload> {
  if (isZip(bytes)) return readZip(await unpackPackage(bytes));
  const root = parseXml(name, bytes);
  if (isQti12(root)) {
    const read = qti12Items(root);
    return {
      title: read.title,
      items: read.items.map((item) => ({ path: name, root: item })),
      missing: [],
      files: new Map(),
    };
  }
  if (isTest(root)) throw refuse(M.testWithoutItems);
  if (!isItem(root)) throw refuse(M.notQti);
  return { title: root.attrs.title ?? null, items: [{ path: name, root }], missing: [], files: new Map() };
}
