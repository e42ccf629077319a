import { escapeAttr, escapeText } from "../qti/qti-xml.js";

export interface CcResourceOut {
  identifier: string;
  type: string;
  href: string;
  files: string[];
}

export interface CcOrganisationOut {
  title: string;
  modules: { identifier: string; title: string; items: { identifier: string; title: string; resource: string }[] }[];
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = "http://www.imsglobal.org/xsd/imsccv1p3/imscp_v1p1";
const LOM = "http://ltsc.ieee.org/xsd/imsccv1p3/LOM/manifest";
const SCHEMA_LOCATION =
  `${NS} http://www.imsglobal.org/profile/cc/ccv1p3/ccv1p3_imscp_v1p2_v1p0.xsd ` +
  `${LOM} http://www.imsglobal.org/profile/cc/ccv1p3/LOM/ccv1p3_lommanifest_v1p0.xsd`;

const title = (text: string) => `<title>${escapeText(text)}</title>`;

/** A CC 1.3 manifest: the lom title, one rooted organisation (modules → items) and the resources. */
export function ccManifestXml(org: CcOrganisationOut, resources: CcResourceOut[]): string {
  const modules = org.modules
    .map(
      (m) =>
        `<item identifier="${m.identifier}">${title(m.title)}` +
        m.items
          .map((i) => `<item identifier="${i.identifier}" identifierref="${i.resource}">${title(i.title)}</item>`)
          .join("") +
        "</item>",
    )
    .join("");
  const resourceXml = resources
    .map(
      (r) =>
        `<resource identifier="${r.identifier}" type="${r.type}" href="${escapeAttr(r.href)}">` +
        r.files.map((f) => `<file href="${escapeAttr(f)}"/>`).join("") +
        "</resource>",
    )
    .join("");
  return (
    XML_HEAD +
    `<manifest identifier="cc_manifest" xmlns="${NS}" xmlns:lomimscc="${LOM}" ` +
    `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${SCHEMA_LOCATION}">` +
    "<metadata><schema>IMS Common Cartridge</schema><schemaversion>1.3.0</schemaversion>" +
    `<lomimscc:lom><lomimscc:general><lomimscc:title><lomimscc:string>${escapeText(org.title)}</lomimscc:string>` +
    "</lomimscc:title></lomimscc:general></lomimscc:lom></metadata>" +
    '<organizations><organization identifier="org_1" structure="rooted-hierarchy">' +
    `<item identifier="root">${modules}</item></organization></organizations>` +
    `<resources>${resourceXml}</resources></manifest>\n`
  );
}

/** A lesson's page: its title and its (sanitised) body as an HTML document. */
export const lessonHtml = (lessonTitle: string, body: string) =>
  `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>${escapeText(lessonTitle)}</title></head>` +
  `<body>${body}</body></html>\n`;

/** A CC web link (imswl_xmlv1p3). */
export const webLinkXml = (linkTitle: string, url: string) =>
  XML_HEAD +
  '<webLink xmlns="http://www.imsglobal.org/xsd/imsccv1p3/imswl_v1p3">' +
  `${title(linkTitle)}<url href="${escapeAttr(url)}"/></webLink>\n`;
