import { ASSESSMENT_LIMITS, type QuestionInput, questionInputSchema } from "@lms/contract";
import { hasVisibleText, sanitizeQuestionText } from "../assessments/rich-text.js";
import { child, childrenNamed, descendants, textOf, toHtml, type XmlElement } from "./qti-xml.js";

/** What one QTI item becomes: a question (with its image's path in the package), or a skipped item. */
export type ItemReading =
  | {
      identifier: string;
      question: QuestionInput;
      image: { src: string; alt: string } | null;
      /** The item has feedback the question could not keep (shown for some responses only, or too long). */
      feedbackDropped: boolean;
    }
  | { identifier: string; skipped: string; reason?: string };

const INTERACTION = /-interaction$/;
/** Parts of an item body that are not the question's text. */
const FEEDBACK = new Set(["qti-modal-feedback", "qti-feedback-inline", "qti-feedback-block"]);
const NOT_TEXT = new Set(["img", ...FEEDBACK, "qti-rubric-block", "qti-template-block"]);
const INLINE_BLANK = "_____";
/** The wrapper the product's export puts around a question's own text (qti-write.ts). */
export const TEXT_CLASS = "question-text";

const typeName = (element: XmlElement) => element.name.replace(/^qti-/, "");
const clean = (text: string) => text.replace(/\s+/g, " ").trim();

function valuesOf(element: XmlElement | undefined): string[] {
  return element ? childrenNamed(element, "qti-value").map((v) => textOf(v).trim()) : [];
}

function declaration(root: XmlElement, identifier: string | undefined) {
  return childrenNamed(root, "qti-response-declaration").find((d) => d.attrs.identifier === identifier);
}

/** The mapping's keys worth points: other accepted answers or correct choices. */
function mappedKeys(decl: XmlElement | undefined): string[] {
  const mapping = decl && child(decl, "qti-mapping");
  if (!mapping) return [];
  return childrenNamed(mapping, "qti-map-entry")
    .filter((entry) => Number(entry.attrs["mapped-value"]) > 0)
    .map((entry) => entry.attrs["map-key"] ?? "");
}

/** MAXSCORE's default, else SCORE's normal maximum, else 1 point (QTI's match_correct scores 0 or 1). */
function pointsOf(root: XmlElement): number {
  const outcomes = childrenNamed(root, "qti-outcome-declaration");
  const max = outcomes.find((o) => o.attrs.identifier === "MAXSCORE");
  const fromDefault = Number(valuesOf(max && child(max, "qti-default-value"))[0]);
  const fromScore = Number(outcomes.find((o) => o.attrs.identifier === "SCORE")?.attrs["normal-maximum"]);
  const points = Number.isFinite(fromDefault) ? fromDefault : Number.isFinite(fromScore) ? fromScore : 1;
  return Math.min(Math.max(points, 0), ASSESSMENT_LIMITS.pointsMax);
}

/** The absolute tolerance of a numeric item's response processing (`qti-equal tolerance="t"`), else 0. */
function toleranceOf(root: XmlElement): number {
  const processing = child(root, "qti-response-processing");
  const equal = processing && descendants(processing).find((e) => e.name === "qti-equal" && e.attrs.tolerance);
  const value = Number(equal?.attrs.tolerance?.trim().split(/\s+/)[0]);
  return Number.isFinite(value) && value >= 0 ? value : 0;
}

function choiceQuestion(root: XmlElement, interaction: XmlElement, base: { text: string; points: number }) {
  const decl = declaration(root, interaction.attrs["response-identifier"]);
  const choices = descendants(interaction).filter((e) => e.name === "qti-simple-choice");
  const keys = new Set([...valuesOf(decl && child(decl, "qti-correct-response")), ...mappedKeys(decl)]);
  const options = choices.map((c) => ({
    text: clean(textOf(c)) || (c.attrs.identifier ?? ""),
    correct: keys.has(c.attrs.identifier ?? ""),
  }));
  const single = decl?.attrs.cardinality === "single" || interaction.attrs["max-choices"] === "1";
  const words = options.map((o) => o.text.toLowerCase()).sort();
  const ids = choices.map((c) => (c.attrs.identifier ?? "").toLowerCase()).sort();
  const isTrueFalse = [words, ids].some((list) => list.join() === "false,true");
  if (single && isTrueFalse) {
    const correct = options.find((o) => o.correct);
    const index = correct ? options.indexOf(correct) : -1;
    const said = index < 0 ? "" : `${options[index].text} ${choices[index].attrs.identifier ?? ""}`.toLowerCase();
    return { ...base, type: "true_false", correct: said.includes("true") };
  }
  return { ...base, type: single ? "single_choice" : "multiple_choice", options };
}

function textEntryQuestion(root: XmlElement, interaction: XmlElement, base: { text: string; points: number }) {
  const decl = declaration(root, interaction.attrs["response-identifier"]);
  const correct = valuesOf(decl && child(decl, "qti-correct-response"));
  const baseType = decl?.attrs["base-type"];
  if (baseType === "float" || baseType === "integer") {
    return { ...base, type: "numeric", value: Number(correct[0]), tolerance: toleranceOf(root) };
  }
  const accepted = [...new Set([...correct, ...mappedKeys(decl)].filter(Boolean))];
  return { ...base, type: "short_answer", acceptedAnswers: accepted };
}

function questionOf(root: XmlElement, interaction: XmlElement, base: { text: string; points: number }): unknown {
  switch (interaction.name) {
    case "qti-choice-interaction":
      return choiceQuestion(root, interaction, base);
    case "qti-text-entry-interaction":
      return textEntryQuestion(root, interaction, base);
    case "qti-extended-text-interaction":
      return { ...base, type: "essay" };
    case "qti-upload-interaction":
      return { ...base, type: "file_upload" };
    default:
      return undefined;
  }
}

/** Whether response processing sets `outcome` to `value` whatever the response (outside any condition). */
function setUnconditionally(root: XmlElement, outcome: string, value: string): boolean {
  const processing = child(root, "qti-response-processing");
  return (processing ? childrenNamed(processing, "qti-set-outcome-value") : []).some(
    (set) => set.attrs.identifier === outcome && descendants(set).some((e) => textOf(e).trim() === value),
  );
}

/**
 * The item's general feedback: the modal feedback shown whatever the response (its outcome's default
 * value, or set outside any condition, is its identifier). Feedback shown for some responses only
 * does not fit the question's one feedback and is reported as dropped.
 */
function feedbackOf(root: XmlElement): { feedback: string; dropped: boolean } {
  const modal = childrenNamed(root, "qti-modal-feedback");
  const always = modal.filter((m) => {
    const outcome = m.attrs["outcome-identifier"] ?? "";
    const decl = childrenNamed(root, "qti-outcome-declaration").find((d) => d.attrs.identifier === outcome);
    const shown = valuesOf(decl && child(decl, "qti-default-value")).includes(m.attrs.identifier ?? "");
    return m.attrs["show-hide"] !== "hide" && (shown || setUnconditionally(root, outcome, m.attrs.identifier ?? ""));
  });
  const parts = always.map((m) => toHtml(m.children, () => undefined));
  const feedback = sanitizeQuestionText(
    parts.length > 1 ? parts.map((p) => `<div>${p}</div>`).join("") : parts.join(""),
  );
  const fits = feedback.length <= ASSESSMENT_LIMITS.answerTextMax;
  const others = descendants(root).some((e) => FEEDBACK.has(e.name) && !always.includes(e));
  return { feedback: fits && hasVisibleText(feedback) ? feedback : "", dropped: others || !fits };
}

/** The item's text: its body without interactions, images and feedback, then the interaction's prompt. */
function questionText(body: XmlElement, interaction: XmlElement, title: string): string {
  const rest = toHtml(body.children, function instead(e): string | undefined {
    const inside = e.children.filter((c) => !("text" in c && c.text.trim() === ""));
    const only = inside.length === 1 && "name" in inside[0] ? inside[0].name : "";
    if (INTERACTION.test(only) || only === "img") return "";
    if (e.name === "div" && e.attrs.class === TEXT_CLASS) return toHtml(e.children, instead);
    if (e.name === "qti-text-entry-interaction") return INLINE_BLANK;
    if (INTERACTION.test(e.name) || NOT_TEXT.has(e.name)) return "";
    return undefined;
  });
  const prompt = child(interaction, "qti-prompt");
  const promptHtml = prompt ? toHtml(prompt.children, (e) => (NOT_TEXT.has(e.name) ? "" : undefined)) : "";
  const text = sanitizeQuestionText(`${rest}${promptHtml ? `<p>${promptHtml}</p>` : ""}`);
  return hasVisibleText(text) ? text : sanitizeQuestionText(title);
}

/** Reads one QTI 3.0 or 2.1 item (`qti-assessment-item` / `assessmentItem`). */
export function readItem(root: XmlElement, fallbackId: string): ItemReading {
  const identifier = root.attrs.identifier || fallbackId;
  const body = child(root, "qti-item-body");
  const interactions = body ? [...descendants(body)].filter((e) => INTERACTION.test(e.name)) : [];
  if (!body || interactions.length === 0) return { identifier, skipped: "no-interaction" };
  if (interactions.length > 1) return { identifier, skipped: interactions.map(typeName).join("+") };
  const [interaction] = interactions;
  const base = { text: questionText(body, interaction, root.attrs.title ?? identifier), points: pointsOf(root) };
  const candidate = questionOf(root, interaction, base);
  if (candidate === undefined) return { identifier, skipped: typeName(interaction) };
  const image = descendants(body).find((e) => e.name === "img" && e.attrs.src);
  const { feedback, dropped } = feedbackOf(root);
  const parsed = questionInputSchema.safeParse({
    ...candidate,
    ...(image ? { imageAlt: image.attrs.alt ?? "" } : {}),
    ...(feedback ? { feedback } : {}),
  });
  if (!parsed.success) {
    const type = (candidate as { type: string }).type;
    return { identifier, skipped: type, reason: parsed.error.issues[0]?.message };
  }
  return {
    identifier,
    question: parsed.data,
    image: image ? { src: image.attrs.src, alt: image.attrs.alt ?? "" } : null,
    feedbackDropped: dropped,
  };
}

export const isItem = (root: XmlElement) => root.name === "qti-assessment-item";
export const isTest = (root: XmlElement) => root.name === "qti-assessment-test";
