import { SCORM_MESSAGES, type ScormVersion, scormManifestErrorMessage } from "@lms/contract";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { badRequest } from "../../http/errors.js";

export interface ScormManifest {
  version: ScormVersion;
  title: string;
  /** The launch file's path inside the package, with the resource's parameters if any. */
  launchPath: string;
}

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  isArray: (name) => ["organization", "item", "resource", "file"].includes(name),
});

const list = (value: unknown): Node[] => (Array.isArray(value) ? value : value ? [value] : []) as Node[];
const str = (value: unknown): string =>
  typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : textOf(value);
const textOf = (value: unknown): string =>
  value && typeof value === "object" && "#text" in value ? str((value as Node)["#text"]) : "";

/** SCORM 2004 names its schema version "2004 …" or "CAM 1.3"; 1.2 names "1.2". Namespaces decide otherwise. */
function versionOf(xml: string, manifest: Node): ScormVersion | null {
  const declared = str((manifest.metadata as Node | undefined)?.schemaversion);
  if (declared === "1.2") return "1.2";
  if (/^(2004|CAM 1\.3)/i.test(declared)) return "2004";
  if (/adlcp_v1p3|imsss|adlseq/i.test(xml)) return "2004";
  if (/adlcp_rootv1p2/i.test(xml)) return "1.2";
  return null;
}

/** The first item, depth first, that names a resource: SCORM's launch order starts there. */
function firstLaunchItem(items: Node[]): Node | null {
  for (const item of items) {
    if (str(item["@identifierref"])) return item;
    const nested = firstLaunchItem(list(item.item));
    if (nested) return nested;
  }
  return null;
}

/** Joins a resource's xml:base and href, normalising "./" and refusing to leave the package. */
function packagePath(base: string, href: string): string | null {
  const [file] = href.split(/[?#]/);
  const parts: string[] = [];
  for (const part of `${base}${file}`.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") return null;
    parts.push(part);
  }
  return parts.length === 0 ? null : parts.join("/");
}

/**
 * Reads imsmanifest.xml: the SCORM version, the default organisation (or the first) and the launch
 * file, the href of the resource its first item names. `exists` says whether a path is in the package.
 */
export function readManifest(xml: string, exists: (path: string) => boolean): ScormManifest {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw badRequest(scormManifestErrorMessage(valid.err.msg, valid.err.line ?? null));
  const manifest = (parser.parse(xml) as Node).manifest as Node | undefined;
  if (!manifest) throw badRequest(scormManifestErrorMessage("the root element is not <manifest>", null));
  const version = versionOf(xml, manifest);
  if (!version) throw badRequest(SCORM_MESSAGES.unknownVersion);

  const organizations = manifest.organizations as Node | undefined;
  const all = list(organizations?.organization);
  const chosen = all.find((o) => str(o["@identifier"]) === str(organizations?.["@default"])) ?? all[0];
  const item = chosen ? firstLaunchItem(list(chosen.item)) : null;
  if (!chosen || !item) throw badRequest(SCORM_MESSAGES.noOrganization);

  const resources = list((manifest.resources as Node | undefined)?.resource);
  const resource = resources.find((r) => str(r["@identifier"]) === str(item["@identifierref"]));
  const href = str(resource?.["@href"]);
  const path = resource && href ? packagePath(str(resource["@base"]), href) : null;
  if (!path || !exists(path)) throw badRequest(SCORM_MESSAGES.noLaunchFile);
  const parameters = str(item["@parameters"]);
  const query = href.includes("?") ? href.slice(href.indexOf("?")) : "";
  return {
    version,
    title: str(chosen.title) || str(item.title) || "SCORM package",
    launchPath: `${path}${query}${parameters && !query ? (parameters.startsWith("?") ? parameters : `?${parameters}`) : ""}`,
  };
}
