import type { FrozenQuestion } from "../assessments/grading.js";
import { TEXT_CLASS } from "./qti-item.js";
import { escapeAttr, escapeText } from "./qti-xml.js";

const NS = "http://www.imsglobal.org/xsd/imsqtiasi_v3p0";
const SCHEMA = "https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0_v1p0.xsd";
const MATCH_CORRECT = "https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct.xml";
const MAP_RESPONSE = "https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/map_response.xml";
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** Sanitised question HTML as XHTML: void elements closed, named entities as numbers. */
const xhtml = (html: string) =>
  html
    .replace(/<(br|hr)\s*\/?>/g, "<$1/>")
    .replace(/&nbsp;/g, "&#160;")
    .replace(/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/gi, "&amp;");

const values = (list: string[]) => list.map((v) => `<qti-value>${escapeText(v)}</qti-value>`).join("");
const declaration = (cardinality: string, baseType: string, correct: string[], extra = "") =>
  `<qti-response-declaration identifier="RESPONSE" cardinality="${cardinality}" base-type="${baseType}">` +
  (correct.length ? `<qti-correct-response>${values(correct)}</qti-correct-response>` : "") +
  `${extra}</qti-response-declaration>`;
const choiceId = (index: number) => `choice_${index + 1}`;

function choiceBody(options: { id: string; text: string }[], maxChoices: number) {
  const choices = options
    .map((o, i) => `<qti-simple-choice identifier="${o.id || choiceId(i)}">${escapeText(o.text)}</qti-simple-choice>`)
    .join("");
  return `<qti-choice-interaction response-identifier="RESPONSE" max-choices="${maxChoices}">${choices}</qti-choice-interaction>`;
}

/** The response declaration, the interaction and the response processing of a question. */
function parts(q: FrozenQuestion): { decl: string; interaction: string; processing: string } {
  const matchCorrect = `<qti-response-processing template="${MATCH_CORRECT}"/>`;
  const options = (q.options ?? []).map((o, i) => ({ id: choiceId(i), text: o.text, correct: o.correct }));
  switch (q.type) {
    case "single_choice":
      return {
        decl: declaration(
          "single",
          "identifier",
          options.filter((o) => o.correct).map((o) => o.id),
        ),
        interaction: choiceBody(options, 1),
        processing: matchCorrect,
      };
    case "multiple_choice":
      return {
        decl: declaration(
          "multiple",
          "identifier",
          options.filter((o) => o.correct).map((o) => o.id),
        ),
        interaction: choiceBody(options, 0),
        processing: matchCorrect,
      };
    case "true_false":
      return {
        decl: declaration("single", "identifier", [q.correct ? "true" : "false"]),
        interaction: choiceBody(
          [
            { id: "true", text: "True" },
            { id: "false", text: "False" },
          ],
          1,
        ),
        processing: matchCorrect,
      };
    case "short_answer": {
      const answers = q.acceptedAnswers ?? [];
      const entries = answers.map((a) => `<qti-map-entry map-key="${escapeAttr(a)}" mapped-value="1"/>`).join("");
      return {
        decl: declaration(
          "single",
          "string",
          answers.slice(0, 1),
          `<qti-mapping default-value="0" upper-bound="1">${entries}</qti-mapping>`,
        ),
        interaction: '<p><qti-text-entry-interaction response-identifier="RESPONSE"/></p>',
        processing: `<qti-response-processing template="${MAP_RESPONSE}"/>`,
      };
    }
    case "numeric": {
      const tolerance = q.tolerance ?? 0;
      return {
        decl: declaration("single", "float", [String(q.value ?? 0)]),
        interaction: '<p><qti-text-entry-interaction response-identifier="RESPONSE"/></p>',
        processing:
          "<qti-response-processing><qti-response-condition><qti-response-if>" +
          `<qti-equal tolerance-mode="absolute" tolerance="${tolerance} ${tolerance}">` +
          '<qti-variable identifier="RESPONSE"/><qti-correct identifier="RESPONSE"/></qti-equal>' +
          '<qti-set-outcome-value identifier="SCORE"><qti-variable identifier="MAXSCORE"/></qti-set-outcome-value>' +
          "</qti-response-if></qti-response-condition></qti-response-processing>",
      };
    }
    case "essay":
      return {
        decl: declaration("single", "string", []),
        interaction: '<qti-extended-text-interaction response-identifier="RESPONSE"/>',
        processing: "",
      };
    default:
      return {
        decl: declaration("single", "file", []),
        interaction: '<qti-upload-interaction response-identifier="RESPONSE"/>',
        processing: "",
      };
  }
}

/** A question's feedback: a modal feedback its outcome's default always shows (the reader takes it back). */
function feedbackParts(q: FrozenQuestion): { outcome: string; modal: string } {
  if (!q.feedback) return { outcome: "", modal: "" };
  return {
    outcome:
      '<qti-outcome-declaration identifier="FEEDBACK" cardinality="single" base-type="identifier">' +
      "<qti-default-value><qti-value>general</qti-value></qti-default-value></qti-outcome-declaration>",
    modal:
      '<qti-modal-feedback outcome-identifier="FEEDBACK" identifier="general" show-hide="show">' +
      `<qti-content-body>${xhtml(q.feedback)}</qti-content-body></qti-modal-feedback>`,
  };
}

/** One question as a QTI 3.0 item; `imageHref` is its image's path relative to the item, when it has one. */
export function itemXml(q: FrozenQuestion, identifier: string, imageHref: string | null): string {
  const { decl, interaction, processing } = parts(q);
  const feedback = feedbackParts(q);
  const image =
    imageHref && q.image ? `<p><img src="${escapeAttr(imageHref)}" alt="${escapeAttr(q.image.alt)}"/></p>` : "";
  return (
    XML_HEAD +
    `<qti-assessment-item xmlns="${NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
    `xsi:schemaLocation="${NS} ${SCHEMA}" identifier="${identifier}" title="${identifier}" ` +
    'adaptive="false" time-dependent="false">' +
    decl +
    '<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"/>' +
    '<qti-outcome-declaration identifier="MAXSCORE" cardinality="single" base-type="float">' +
    `<qti-default-value><qti-value>${q.points}</qti-value></qti-default-value></qti-outcome-declaration>` +
    feedback.outcome +
    `<qti-item-body><div class="${TEXT_CLASS}">${xhtml(q.text)}</div>${image}${interaction}</qti-item-body>` +
    processing +
    feedback.modal +
    "</qti-assessment-item>\n"
  );
}

/** The assessment test: one part, one section, the items in order. */
export function testXml(title: string, items: { identifier: string; href: string }[]): string {
  const refs = items
    .map((i) => `<qti-assessment-item-ref identifier="${i.identifier}" href="${escapeAttr(i.href)}"/>`)
    .join("");
  return (
    XML_HEAD +
    `<qti-assessment-test xmlns="${NS}" identifier="test" title="${escapeAttr(title)}">` +
    '<qti-test-part identifier="part_1" navigation-mode="nonlinear" submission-mode="simultaneous">' +
    `<qti-assessment-section identifier="section_1" title="${escapeAttr(title)}" visible="true">${refs}` +
    "</qti-assessment-section></qti-test-part></qti-assessment-test>\n"
  );
}

/** The IMS content package manifest: the test, then each item with its files. */
export function manifestXml(items: { identifier: string; href: string; files: string[] }[]): string {
  const file = (href: string) => `<file href="${escapeAttr(href)}"/>`;
  const itemResources = items
    .map(
      (i) =>
        `<resource identifier="res_${i.identifier}" type="imsqti_item_xmlv3p0" href="${escapeAttr(i.href)}">` +
        `${i.files.map(file).join("")}</resource>`,
    )
    .join("");
  return (
    XML_HEAD +
    '<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="manifest">' +
    "<metadata><schema>QTI Package</schema><schemaversion>3.0.0</schemaversion></metadata>" +
    "<organizations/><resources>" +
    '<resource identifier="res_test" type="imsqti_test_xmlv3p0" href="assessment.xml">' +
    `${file("assessment.xml")}${items.map((i) => `<dependency identifierref="res_${i.identifier}"/>`).join("")}` +
    `</resource>${itemResources}</resources></manifest>\n`
  );
}
