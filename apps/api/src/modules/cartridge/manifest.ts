import { CC_MESSAGES as M } from "@lms/contract";
import { badRequest, fieldError } from "../../http/errors.js";
import { resolveHref } from "../qti/qti-package.js";
import { childElements, descendants, parseXml, textOf, type XmlElement } from "../qti/qti-xml.js";

/** One resource of the manifest: its type, its launch file and every file it (and its dependencies) holds. */
export interface CcResource {
  identifier: string;
  type: string;
  href: string | null;
  files: string[];
}

/** An item of the organisation: a module (top level) holds the items below it, flattened in order. */
export interface CcModule {
  title: string;
  items: { title: string; resource: string }[];
}

export interface CcManifest {
  title: string | null;
  modules: CcModule[];
  resources: Map<string, CcResource>;
}

// The QTI XML reader names elements it does not know as `qti-<name>`; a manifest's names are read without it.
const local = (element: XmlElement) => element.name.replace(/^qti-/, "");
const named = (element: XmlElement, name: string) => childElements(element).filter((c) => local(c) === name);
const titleOf = (item: XmlElement) => textOf(named(item, "title")[0] ?? { text: "" }).trim();

/** Leaf items with a resource below `item`, in document order (folders inside a module are flattened). */
function leaves(item: XmlElement): CcModule["items"] {
  return named(item, "item").flatMap((c) =>
    c.attrs.identifierref ? [{ title: titleOf(c), resource: c.attrs.identifierref }] : leaves(c),
  );
}

/** The lom title: `metadata/lom/general/title/string`, in any of the CC versions' namespaces. */
function lomTitle(root: XmlElement): string | null {
  const metadata = named(root, "metadata")[0];
  const general = metadata && descendants(metadata).find((e) => local(e) === "general");
  const title = general && named(general, "title")[0];
  const text = title ? textOf(named(title, "string")[0] ?? title).trim() : "";
  return text || null;
}

function readResources(root: XmlElement): Map<string, CcResource> {
  const list = named(root, "resources")[0];
  const elements = list ? named(list, "resource") : [];
  const own = new Map(
    elements.map((r) => {
      const xmlBase = r.attrs.base ?? r.attrs["xml:base"];
      const base = xmlBase ? `${xmlBase.replace(/\/?$/, "/")}` : "";
      const at = (href: string) => resolveHref("imsmanifest.xml", `${base}${href}`);
      const files = named(r, "file")
        .map((f) => at(f.attrs.href ?? ""))
        .filter((p): p is string => p !== null);
      const href = r.attrs.href ? at(r.attrs.href) : (files[0] ?? null);
      const deps = named(r, "dependency").map((d) => d.attrs.identifierref ?? "");
      return [
        r.attrs.identifier ?? "",
        { identifier: r.attrs.identifier ?? "", type: r.attrs.type ?? "", href, files, deps },
      ];
    }),
  );
  const resources = new Map<string, CcResource>();
  for (const [id, r] of own) {
    const depFiles = r.deps.flatMap((d) => own.get(d)?.files ?? []);
    resources.set(id, { identifier: id, type: r.type, href: r.href, files: [...new Set([...r.files, ...depFiles])] });
  }
  return resources;
}

/**
 * The cartridge's manifest (CC 1.1 to 1.3: they differ in namespaces, which are read away): title,
 * modules from the organisation's top-level items, and resources. Bad XML is 400 with its line.
 */
export function readManifest(files: Map<string, Buffer>): CcManifest {
  const bytes = files.get("imsmanifest.xml");
  if (!bytes) throw badRequest(M.notCartridge, [fieldError("file", M.notCartridge)]);
  const root = parseXml("imsmanifest.xml", bytes);
  if (local(root) !== "manifest") throw badRequest(M.notCartridge, [fieldError("file", M.notCartridge)]);
  const organizations = named(root, "organizations")[0];
  const organization = organizations && named(organizations, "organization")[0];
  if (!organization) throw badRequest(M.noOrganization, [fieldError("file", M.noOrganization)]);
  // CC's organisation is a "rooted hierarchy": one root item whose children are the modules.
  const tops = named(organization, "item");
  const moduleItems = tops.length === 1 && !tops[0].attrs.identifierref ? named(tops[0], "item") : tops;
  const modules = moduleItems.map((item) => ({
    title: titleOf(item) || "Module",
    items: item.attrs.identifierref ? [{ title: titleOf(item), resource: item.attrs.identifierref }] : leaves(item),
  }));
  return { title: lomTitle(root), modules, resources: readResources(root) };
}
