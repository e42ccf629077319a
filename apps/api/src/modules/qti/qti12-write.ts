import type { QuestionType } from "@lms/contract";
import type { FrozenQuestion } from "../assessments/grading.js";
import { escapeAttr, escapeText } from "./qti-xml.js";

/*
 * The IMS Common Cartridge QTI 1.2 profile (`questestinterop`), the only quiz format Canvas and Moodle
 * read in a cartridge. The product's own reader (qti12-item.ts) takes it back.
 */

/** The manifest type of a CC QTI 1.2 assessment (CC 1.1 onwards). */
export const CC_QTI12_TYPE = "imsqti_xmlv1p2/imscc_xmlv1p1/assessment";
const NS = "http://www.imsglobal.org/xsd/ims_qtiasiv1p2";
const SCHEMA = "http://www.imsglobal.org/profile/cc/ccv1p1/ccv1p1_qtiasiv1p2p1_v1p0.xsd";
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const RESPONSE = "response1";
const GENERAL_FEEDBACK = "general_fb";

/** The profile of each question type the CC QTI profile can express; numeric and file upload have none. */
export const CC_PROFILES: Partial<Record<QuestionType, string>> = {
  single_choice: "cc.multiple_choice.v0p1",
  multiple_choice: "cc.multiple_response.v0p1",
  true_false: "cc.true_false.v0p1",
  short_answer: "cc.fib.v0p1",
  essay: "cc.essay.v0p1",
};

/** Whether every question of an assessment has a CC profile (else the assessment goes out as QTI 3.0). */
export const fitsCcProfile = (questions: FrozenQuestion[]) => questions.every((q) => CC_PROFILES[q.type]);

const field = (label: string, entry: string) =>
  `<qtimetadatafield><fieldlabel>${label}</fieldlabel><fieldentry>${escapeText(entry)}</fieldentry></qtimetadatafield>`;
const html = (markup: string) => `<material><mattext texttype="text/html">${escapeText(markup)}</mattext></material>`;
const plain = (text: string) => `<material><mattext texttype="text/plain">${escapeText(text)}</mattext></material>`;
const varequal = (value: string, extra = "") =>
  `<varequal respident="${RESPONSE}"${extra}>${escapeText(value)}</varequal>`;
/** Full marks (CC scores are percentages) when `condition` holds. */
const scoring = (condition: string) =>
  `<respcondition continue="No"><conditionvar>${condition}</conditionvar>` +
  '<setvar action="Set" varname="SCORE">100</setvar></respcondition>';

function choices(labels: { ident: string; text: string }[], cardinality: "Single" | "Multiple") {
  const rendered = labels.map((l) => `<response_label ident="${l.ident}">${plain(l.text)}</response_label>`).join("");
  return `<response_lid ident="${RESPONSE}" rcardinality="${cardinality}"><render_choice>${rendered}</render_choice></response_lid>`;
}
const textBox = `<response_str ident="${RESPONSE}" rcardinality="Single"><render_fib><response_label ident="answer1" rshuffle="No"/></render_fib></response_str>`;

/** The response of a question and the conditions that score it. */
function responseOf(q: FrozenQuestion): { response: string; conditions: string } {
  const options = (q.options ?? []).map((o, i) => ({ ident: `choice_${i + 1}`, text: o.text, correct: o.correct }));
  switch (q.type) {
    case "single_choice":
      return {
        response: choices(options, "Single"),
        conditions: options
          .filter((o) => o.correct)
          .map((o) => scoring(varequal(o.ident)))
          .join(""),
      };
    case "multiple_choice": {
      // Every correct option picked and no wrong one (the product's partial credit is its own rule).
      const all = options.map((o) => (o.correct ? varequal(o.ident) : `<not>${varequal(o.ident)}</not>`)).join("");
      return { response: choices(options, "Multiple"), conditions: scoring(`<and>${all}</and>`) };
    }
    case "true_false":
      return {
        response: choices(
          [
            { ident: "true", text: "True" },
            { ident: "false", text: "False" },
          ],
          "Single",
        ),
        conditions: scoring(varequal(q.correct ? "true" : "false")),
      };
    case "short_answer":
      // One condition per accepted answer; the product compares answers without case.
      return {
        response: textBox,
        conditions: (q.acceptedAnswers ?? []).map((a) => scoring(varequal(a, ' case="No"'))).join(""),
      };
    default:
      return { response: textBox, conditions: "" };
  }
}

/** One question as a CC QTI 1.2 `item`; `imageHref` is its image's path relative to the assessment file. */
function itemXml(q: FrozenQuestion, identifier: string, imageHref: string | null): string {
  const { response, conditions } = responseOf(q);
  const image =
    imageHref && q.image ? `<p><img src="${escapeAttr(imageHref)}" alt="${escapeAttr(q.image.alt)}"/></p>` : "";
  const showFeedback = q.feedback
    ? `<respcondition continue="Yes"><conditionvar><other/></conditionvar>` +
      `<displayfeedback feedbacktype="Response" linkrefid="${GENERAL_FEEDBACK}"/></respcondition>`
    : "";
  const feedback = q.feedback
    ? `<itemfeedback ident="${GENERAL_FEEDBACK}"><flow_mat>${html(q.feedback)}</flow_mat></itemfeedback>`
    : "";
  return (
    `<item ident="${identifier}" title="${identifier}">` +
    "<itemmetadata><qtimetadata>" +
    field("cc_profile", CC_PROFILES[q.type] ?? "") +
    field("cc_weighting", String(q.points)) +
    field("qmd_weighting", String(q.points)) +
    "</qtimetadata></itemmetadata>" +
    `<presentation>${html(q.text + image)}${response}</presentation>` +
    '<resprocessing><outcomes><decvar maxvalue="100" minvalue="0" varname="SCORE" vartype="Decimal"/></outcomes>' +
    `${showFeedback}${conditions}</resprocessing>${feedback}</item>`
  );
}

/** An assessment as the CC QTI profile's `assessment.xml`: one root section with its items in order. */
export function assessmentXml(
  identifier: string,
  title: string,
  items: { question: FrozenQuestion; identifier: string; imageHref: string | null }[],
): string {
  return (
    XML_HEAD +
    `<questestinterop xmlns="${NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
    `xsi:schemaLocation="${NS} ${SCHEMA}">` +
    `<assessment ident="${identifier}" title="${escapeAttr(title)}">` +
    `<qtimetadata>${field("cc_profile", "cc.exam.v0p1")}${field("qmd_assessmenttype", "Examination")}</qtimetadata>` +
    `<section ident="root_section">${items.map((i) => itemXml(i.question, i.identifier, i.imageHref)).join("")}</section>` +
    "</assessment></questestinterop>\n"
  );
}
