import { ASSESSMENT_LIMITS, questionInputSchema } from "@lms/contract";
import { hasVisibleText, sanitizeQuestionText } from "../assessments/rich-text.js";
import type { ItemReading } from "./qti-item.js";
import { child, childElements, descendants, escapeText, textOf, type XmlElement } from "./qti-xml.js";

/*
 * The IMS Common Cartridge QTI 1.2 profile (`questestinterop`), as Canvas and Moodle export their
 * quizzes. parseXml names its elements `qti-<name>` (`item` → `qti-item`).
 */

const RESPONSES = new Set(["qti-response_lid", "qti-response_str", "qti-response_num", "qti-response_grp"]);
const PLAIN_TRUE_FALSE = ["false", "true"];

const name = (e: XmlElement) => e.name.replace(/^qti-/, "");
const clean = (text: string) => text.replace(/\s+/g, " ").trim();

/** The item's `qtimetadatafield` entries by label (cc_profile, cc_weighting, qmd_weighting…). */
function metadataOf(item: XmlElement): Map<string, string> {
  const fields = new Map<string, string>();
  const meta = child(item, "qti-itemmetadata");
  for (const field of meta ? descendants(meta).filter((e) => name(e) === "qtimetadatafield") : []) {
    const label = child(field, "qti-fieldlabel");
    const entry = child(field, "qti-fieldentry");
    if (label && entry) fields.set(textOf(label).trim(), textOf(entry).trim());
  }
  return fields;
}

/** Weighting metadata when the item has it, else 1 point (CC's `setvar` of 100 is a percentage, not points). */
function pointsOf(meta: Map<string, string>): number {
  const given = ["cc_weighting", "qmd_weighting", "points_possible"]
    .map((k) => (meta.get(k) ? Number(meta.get(k)) : Number.NaN))
    .find((n) => n >= 0);
  return Math.min(given ?? 1, ASSESSMENT_LIMITS.pointsMax);
}

/** A `material`'s text as HTML: `mattext` of type text/html as is, other text escaped. */
function materialHtml(material: XmlElement): string {
  return descendants(material)
    .filter((e) => name(e) === "mattext")
    .map((m) => (/html/i.test(m.attrs.texttype ?? "") ? textOf(m) : escapeText(textOf(m))))
    .join(" ");
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

/** A choice's text: options are plain text, so an HTML `mattext` loses its tags. */
function optionText(label: XmlElement): string {
  const texts = descendants(label)
    .filter((e) => name(e) === "mattext")
    .map((m) =>
      /html/i.test(m.attrs.texttype ?? "")
        ? textOf(m)
            .replace(/<[^>]*>/g, " ")
            .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e])
        : textOf(m),
    );
  return clean(texts.join(" "));
}

/** Materials of the presentation outside its responses: the question's text. */
function questionText(presentation: XmlElement): string {
  const walk = (e: XmlElement): string[] =>
    childElements(e).flatMap((c) => {
      if (RESPONSES.has(c.name)) return [];
      return name(c) === "material" ? [materialHtml(c)] : walk(c);
    });
  // A paragraph that held only the image (the sanitiser removes images) goes with it.
  return sanitizeQuestionText(walk(presentation).join("\n")).replace(/<p>\s*<\/p>/g, "");
}

/** An attribute of an HTML tag written as text (`src`, `alt`), its entities decoded. */
function htmlAttr(tag: string, attr: string): string {
  const found = new RegExp(`\\s${attr}\\s*=\\s*("([^"]*)"|'([^']*)')`, "i").exec(tag);
  return (found?.[2] ?? found?.[3] ?? "").replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e]);
}

/** The question's first image: a `matimage`, or an `<img>` in an HTML `mattext`, outside the responses. */
function imageOf(presentation: XmlElement): { src: string; alt: string } | null {
  const walk = (e: XmlElement): XmlElement[] =>
    childElements(e).flatMap((c) => (RESPONSES.has(c.name) ? [] : [c, ...walk(c)]));
  for (const e of walk(presentation)) {
    if (name(e) === "matimage" && e.attrs.uri) return { src: e.attrs.uri, alt: e.attrs.label ?? "" };
    if (name(e) === "mattext" && /html/i.test(e.attrs.texttype ?? "")) {
      const tag = /<img\b[^>]*>/i.exec(textOf(e))?.[0];
      const src = tag ? htmlAttr(tag, "src") : "";
      if (src) return { src, alt: htmlAttr(tag as string, "alt") };
    }
  }
  return null;
}

/**
 * The item's general feedback: `itemfeedback`s no condition shows, or shown by an `<other/>` condition
 * before the first scoring one (Canvas's `general_fb`). Feedback for some answers only (right, wrong, per
 * answer) does not fit the question's one feedback and is reported as dropped.
 */
function feedbackOf(item: XmlElement): { feedback: string; dropped: boolean } {
  const all = childElements(item).filter((e) => name(e) === "itemfeedback");
  const processing = child(item, "qti-resprocessing");
  const conditions = processing ? childElements(processing).filter((e) => name(e) === "respcondition") : [];
  const shownBy = (feedback: XmlElement) =>
    conditions.filter((c) =>
      childElements(c).some((d) => name(d) === "displayfeedback" && d.attrs.linkrefid === feedback.attrs.ident),
    );
  const firstScoring = conditions.findIndex((c) => childElements(c).some((e) => name(e) === "setvar"));
  const always = (c: XmlElement) => {
    const vars = child(c, "qti-conditionvar");
    const only = vars ? childElements(vars) : [];
    const before = firstScoring < 0 || conditions.indexOf(c) < firstScoring;
    return before && only.length === 1 && name(only[0]) === "other";
  };
  const general = all.filter((f) => shownBy(f).every(always));
  const parts = general.map(materialHtml);
  const feedback = sanitizeQuestionText(
    parts.length > 1 ? parts.map((p) => `<div>${p}</div>`).join("") : parts.join(""),
  );
  const fits = feedback.length <= ASSESSMENT_LIMITS.answerTextMax;
  return { feedback: fits && hasVisibleText(feedback) ? feedback : "", dropped: general.length < all.length || !fits };
}

/** A `varequal`'s value unless it sits under `not` (Canvas's multiple response names the wrong ones there). */
function keyedValues(condition: XmlElement): string[] {
  return childElements(condition).flatMap((c) => {
    if (name(c) === "not") return [];
    return name(c) === "varequal" ? [textOf(c).trim()] : keyedValues(c);
  });
}

/** The answers worth points: `varequal`s of conditions that set or add a positive SCORE. */
function answerKey(item: XmlElement): { values: string[]; substrings: boolean } {
  const processing = child(item, "qti-resprocessing");
  const values: string[] = [];
  let substrings = false;
  for (const condition of processing ? childElements(processing).filter((e) => name(e) === "respcondition") : []) {
    const scores = childElements(condition).filter(
      (e) => name(e) === "setvar" && (e.attrs.varname ?? "SCORE") === "SCORE",
    );
    if (!scores.some((s) => (s.attrs.action ?? "Set") !== "Subtract" && Number(textOf(s)) > 0)) continue;
    const vars = child(condition, "qti-conditionvar");
    if (!vars) continue;
    values.push(...keyedValues(vars));
    if (descendants(vars).some((e) => name(e) === "varsubstring")) substrings = true;
  }
  return { values: [...new Set(values.filter(Boolean))], substrings };
}

function choiceQuestion(
  item: XmlElement,
  presentation: XmlElement,
  profile: string,
  base: { text: string; points: number },
) {
  const labels = descendants(presentation).filter((e) => name(e) === "response_label");
  const keys = new Set(answerKey(item).values);
  const options = labels.map((l) => ({
    text: optionText(l) || (l.attrs.ident ?? ""),
    correct: keys.has(l.attrs.ident ?? ""),
  }));
  if (profile === "cc.true_false.v0p1") {
    const words = options.map((o) => o.text.toLowerCase());
    const correct = options.filter((o) => o.correct);
    if ([...words].sort().join() === PLAIN_TRUE_FALSE.join() && correct.length === 1) {
      return { ...base, type: "true_false", correct: correct[0].text.toLowerCase() === "true" };
    }
  }
  return { ...base, type: profile === "cc.multiple_response.v0p1" ? "multiple_choice" : "single_choice", options };
}

/** Fill in the blank and pattern match as a short answer: the `varequal` answers; `varsubstring` does not fit. */
function shortAnswer(item: XmlElement, base: { text: string; points: number }) {
  const key = answerKey(item);
  if (key.substrings) return { skipped: "partial-match answers (varsubstring) are not a short answer" };
  return { ...base, type: "short_answer", acceptedAnswers: key.values };
}

const CHOICE = new Set(["cc.multiple_choice.v0p1", "cc.multiple_response.v0p1", "cc.true_false.v0p1"]);
const TEXT = new Set(["cc.fib.v0p1", "cc.pattern_match.v0p1"]);

/** Reads one `item` of the CC QTI 1.2 profile into the product's question, or lists it as skipped by its profile. */
export function readQti12Item(item: XmlElement, fallbackId: string): ItemReading {
  const identifier = item.attrs.ident || fallbackId;
  const meta = metadataOf(item);
  const profile = meta.get("cc_profile") ?? "no-profile";
  const presentation = child(item, "qti-presentation");
  if (!presentation || !(CHOICE.has(profile) || TEXT.has(profile) || profile === "cc.essay.v0p1")) {
    return { identifier, skipped: profile };
  }
  const text = questionText(presentation);
  const base = {
    text: hasVisibleText(text) ? text : sanitizeQuestionText(escapeText(item.attrs.title || identifier)),
    points: pointsOf(meta),
  };
  const candidate: Record<string, unknown> = CHOICE.has(profile)
    ? choiceQuestion(item, presentation, profile, base)
    : TEXT.has(profile)
      ? shortAnswer(item, base)
      : { ...base, type: "essay" };
  if ("skipped" in candidate) return { identifier, skipped: profile, reason: String(candidate.skipped) };
  const image = imageOf(presentation);
  const { feedback, dropped } = feedbackOf(item);
  const parsed = questionInputSchema.safeParse({
    ...candidate,
    ...(image ? { imageAlt: image.alt } : {}),
    ...(feedback ? { feedback } : {}),
  });
  if (!parsed.success) return { identifier, skipped: profile, reason: parsed.error.issues[0]?.message };
  return {
    identifier,
    question: parsed.data,
    image,
    feedbackDropped: dropped,
  };
}

/** A QTI 1.2 file's assessment title and items in order. */
export function qti12Items(root: XmlElement): { title: string | null; items: XmlElement[] } {
  const assessment = descendants(root).find((e) => name(e) === "assessment");
  return {
    title: assessment?.attrs.title ?? null,
    items: descendants(root).filter((e) => name(e) === "item"),
  };
}

export const isQti12 = (root: XmlElement) => name(root) === "questestinterop";
export const isQti12Item = (element: XmlElement) => name(element) === "item";
