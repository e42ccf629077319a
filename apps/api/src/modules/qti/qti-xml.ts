import { QTI_MESSAGES as M, qtiBadXmlMessage } from "@lms/contract";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { badRequest, fieldError } from "../../http/errors.js";

/** An element with its children in document order, or a run of text. */
export type XmlNode = XmlElement | { text: string };
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}

/** XHTML names QTI 2.1 and 3.0 share; every other 2.1 name is a QTI element written in camelCase. */
const HTML = new Set(
  "a abbr b big blockquote br caption cite code col colgroup dd dfn div dl dt em h1 h2 h3 h4 h5 h6 hr i img kbd li ol p pre q samp small span strong sub sup table tbody td tfoot th thead tr tt u ul var math object param figure figcaption audio video source label s".split(
    " ",
  ),
);

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** QTI 2.1's `choiceInteraction`/`maxChoices` read as 3.0's `qti-choice-interaction`/`max-choices`. */
function elementName(name: string): string {
  if (name.startsWith("qti-") || HTML.has(name)) return name;
  return `qti-${kebab(name)}`;
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  removeNSPrefix: true,
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: true,
});

type Parsed = Record<string, unknown> & { ":@"?: Record<string, string> };

function toNodes(parsed: Parsed[]): XmlNode[] {
  const nodes: XmlNode[] = [];
  for (const entry of parsed) {
    if ("#text" in entry) {
      nodes.push({ text: String(entry["#text"]) });
      continue;
    }
    const name = Object.keys(entry).find((key) => key !== ":@");
    if (!name || name.startsWith("#") || name.startsWith("?")) continue;
    const attrs = Object.fromEntries(Object.entries(entry[":@"] ?? {}).map(([k, v]) => [kebab(k), String(v)]));
    nodes.push({ name: elementName(name), attrs, children: toNodes(entry[name] as Parsed[]) });
  }
  return nodes;
}

/** The root element of an XML file; 400 naming the file (and the line) when it is not well-formed. */
export function parseXml(file: string, bytes: Buffer): XmlElement {
  const text = bytes.toString("utf8");
  // Entity declarations can expand a small file into gigabytes (billion laughs); QTI never needs them.
  const entity = /<!ENTITY/i.exec(text);
  if (entity) {
    const line = text.slice(0, entity.index).split("\n").length;
    throw badRequest(qtiBadXmlMessage(file, line, "entity declarations are not allowed"), [fieldError(file, M.badXml)]);
  }
  const checked = XMLValidator.validate(text);
  if (checked !== true) {
    const message = qtiBadXmlMessage(file, checked.err.line ?? null, checked.err.msg);
    throw badRequest(message, [fieldError(file, M.badXml)]);
  }
  const root = toNodes(parser.parse(text) as Parsed[]).find((node): node is XmlElement => "name" in node);
  if (!root) throw badRequest(qtiBadXmlMessage(file, null, "no root element"), [fieldError(file, M.badXml)]);
  return root;
}

export const isElement = (node: XmlNode): node is XmlElement => "name" in node;
export const childElements = (element: XmlElement) => element.children.filter(isElement);
export const child = (element: XmlElement, name: string) => childElements(element).find((c) => c.name === name);
export const childrenNamed = (element: XmlElement, name: string) =>
  childElements(element).filter((c) => c.name === name);

/** Every element below `element` (depth first, in document order). */
export function descendants(element: XmlElement): XmlElement[] {
  return childElements(element).flatMap((c) => [c, ...descendants(c)]);
}

export function textOf(node: XmlNode): string {
  return isElement(node) ? node.children.map(textOf).join("") : node.text;
}

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttr = (text: string) => escapeText(text).replace(/"/g, "&quot;");

/**
 * The markup of `nodes` again; `instead` may answer other markup for an element (the question text
 * is sanitised after, so unknown elements fall away there).
 */
export function toHtml(nodes: XmlNode[], instead: (element: XmlElement) => string | undefined): string {
  return nodes
    .map((node) => {
      if (!isElement(node)) return escapeText(node.text);
      const replaced = instead(node);
      if (replaced !== undefined) return replaced;
      const attrs = Object.entries(node.attrs)
        .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)
        .join("");
      return `<${node.name}${attrs}>${toHtml(node.children, instead)}</${node.name}>`;
    })
    .join("");
}

export { escapeAttr, escapeText };
