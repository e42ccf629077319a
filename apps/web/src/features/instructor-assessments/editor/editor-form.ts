import {
  ASSESSMENT_DEFAULTS,
  ASSESSMENT_MESSAGES,
  type Assessment,
  type AssessmentCreate,
  type AssessmentType,
  assessmentCreateSchema,
  type LATE_PENALTY_PER,
  type LATE_SUBMISSIONS,
  type Question,
  type QuestionImage,
  type QuestionType,
  type SCORING_RULES,
  type SHOW_CORRECT_ANSWERS,
} from "@lms/contract";
import { z } from "zod";
import type { FieldQuestion } from "@/components/assessment/QuestionField";

export interface EditorOption {
  text: string;
  correct: boolean;
}

/** A question as the editor holds it: numbers as typed, every type's fields kept while the type changes. */
export interface EditorQuestion {
  /** The stored question's id, so an update keeps it. */
  _id?: string;
  type: QuestionType;
  text: string;
  points: string;
  options: EditorOption[];
  correct: "true" | "false";
  /** One accepted answer per line. */
  acceptedAnswers: string;
  value: string;
  tolerance: string;
  /** The alt text of the question's image (the image itself is uploaded on its own). */
  imageAlt: string;
  /** A question copied from another assessment: its image, which the save copies over. */
  imageFrom?: { questionId: string; image: QuestionImage };
  /** An image uploaded for a question not saved yet, which the save makes its image. */
  imageUpload?: { id: string; image: QuestionImage };
  /** Rich text shown to learners with the question's result (empty for none). */
  feedback: string;
}

/** The editor's values: dates as `datetime-local` text in the viewer's zone, optional numbers "" when unset. */
export interface EditorValues {
  courseId: string;
  title: string;
  description: string;
  type: AssessmentType;
  published: boolean;
  availableFrom: string;
  dueDate: string;
  lateSubmissions: (typeof LATE_SUBMISSIONS)[number];
  latePenaltyPercent: string;
  latePenaltyPer: (typeof LATE_PENALTY_PER)[number];
  latePenaltyFloor: string;
  attemptsAllowed: string;
  scoringRule: (typeof SCORING_RULES)[number];
  timeLimitMinutes: string;
  passingScore: string;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  /** Questions drawn at random per attempt; "" for all of them. */
  questionPoolSize: string;
  showCorrectAnswers: (typeof SHOW_CORRECT_ANSWERS)[number];
  weight: string;
  /** Whether the course's completion rule asks for this assessment to be passed. */
  requiredForCompletion: boolean;
  /** Only sent while there are no questions (then the total is the questions' sum). */
  totalPoints: string;
  questions: EditorQuestion[];
}

export const isChoice = (type: QuestionType) => type === "single_choice" || type === "multiple_choice";

export function emptyQuestion(type: QuestionType): EditorQuestion {
  return {
    type,
    text: "",
    points: "1",
    options: isChoice(type)
      ? [
          { text: "", correct: true },
          { text: "", correct: false },
        ]
      : [],
    correct: "true",
    acceptedAnswers: "",
    value: "",
    tolerance: "0",
    imageAlt: "",
    feedback: "",
  };
}

/** "" for an unset value, the number's text otherwise. */
const numberText = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));

/** An ISO instant as `datetime-local` text in the viewer's zone ("" for none). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** `datetime-local` text (the viewer's zone) as an ISO instant; text that is no date is passed on for the schema to refuse. */
function fromLocalInput(text: string): string | null {
  if (!text) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

/** A stored question in the editor; `keepId` false for a copy from another assessment. */
export function editorQuestion(question: Question, keepId = true): EditorQuestion {
  return {
    ...emptyQuestion(question.type),
    ...(keepId ? { _id: question._id } : {}),
    text: question.text,
    points: String(question.points),
    options: question.options?.map(({ text, correct }) => ({ text, correct })) ?? [],
    correct: question.correct === false ? "false" : "true",
    acceptedAnswers: question.acceptedAnswers?.join("\n") ?? "",
    value: numberText(question.value),
    tolerance: numberText(question.tolerance ?? 0),
    imageAlt: question.image?.alt ?? "",
    feedback: question.feedback ?? "",
    ...(!keepId && question.image ? { imageFrom: { questionId: question._id, image: question.image } } : {}),
  };
}

export function editorValues(courseId: string, assessment?: Assessment): EditorValues {
  const a = assessment ?? { ...ASSESSMENT_DEFAULTS, title: "", totalPoints: 10, questions: [] };
  return {
    courseId,
    title: a.title,
    description: a.description,
    type: a.type,
    published: a.published,
    availableFrom: toLocalInput(a.availableFrom),
    dueDate: toLocalInput(a.dueDate),
    lateSubmissions: a.lateSubmissions,
    latePenaltyPercent: String(a.latePenaltyPercent),
    latePenaltyPer: a.latePenaltyPer,
    latePenaltyFloor: String(a.latePenaltyFloor),
    attemptsAllowed: numberText(a.attemptsAllowed),
    scoringRule: a.scoringRule,
    timeLimitMinutes: numberText(a.timeLimitMinutes),
    passingScore: numberText(a.passingScore),
    shuffleQuestions: a.shuffleQuestions,
    shuffleOptions: a.shuffleOptions,
    questionPoolSize: numberText(a.questionPoolSize),
    showCorrectAnswers: a.showCorrectAnswers,
    weight: String(a.weight),
    requiredForCompletion: a.requiredForCompletion,
    totalPoints: String(a.totalPoints),
    questions: (a.questions ?? []).map((q) => editorQuestion(q)),
  };
}

/** Typed text as a number: "" (nothing typed) is undefined, so the schema names the missing value. */
const toNumber = (text: string) => (text.trim() === "" ? undefined : Number(text));
const toOptionalNumber = (text: string) => (text.trim() === "" ? null : Number(text));

function questionPayload(q: EditorQuestion) {
  const base = {
    ...(q._id ? { _id: q._id } : {}),
    type: q.type,
    text: q.text,
    points: toNumber(q.points),
    imageAlt: q.imageAlt,
    ...(q.feedback.trim() ? { feedback: q.feedback } : {}),
    ...(q.imageUpload
      ? { imageUpload: q.imageUpload.id }
      : q.imageFrom && !q._id
        ? { imageFrom: q.imageFrom.questionId }
        : {}),
  };
  switch (q.type) {
    case "single_choice":
    case "multiple_choice":
      return { ...base, options: q.options };
    case "true_false":
      return { ...base, correct: q.correct === "true" };
    case "short_answer":
      return {
        ...base,
        acceptedAnswers: q.acceptedAnswers
          .split("\n")
          .map((line) => line.trim())
          .filter(Boolean),
      };
    case "numeric":
      return { ...base, value: toNumber(q.value), tolerance: toNumber(q.tolerance) ?? 0 };
    default:
      return base;
  }
}

/** The create and update body the editor's values stand for (checked by the contract's schema). */
export function toPayload(values: EditorValues): unknown {
  const { courseId: _courseId, totalPoints, questions, ...settings } = values;
  return {
    ...settings,
    availableFrom: fromLocalInput(values.availableFrom),
    dueDate: fromLocalInput(values.dueDate),
    latePenaltyPercent: toNumber(values.latePenaltyPercent),
    latePenaltyFloor: toNumber(values.latePenaltyFloor),
    attemptsAllowed: toOptionalNumber(values.attemptsAllowed),
    timeLimitMinutes: toOptionalNumber(values.timeLimitMinutes),
    passingScore: toOptionalNumber(values.passingScore),
    questionPoolSize: toOptionalNumber(values.questionPoolSize),
    weight: toNumber(values.weight),
    ...(questions.length === 0 ? { totalPoints: toNumber(totalPoints) } : {}),
    questions: questions.map(questionPayload),
  };
}

/** The editor's rules are the contract's: its values are turned into the api body and checked by the same schema. */
export const editorSchema = z
  .custom<EditorValues>()
  .transform(toPayload)
  .pipe(assessmentCreateSchema)
  // The server's rule across fields: a pool draws at most the questions there are.
  .refine((v) => v.questionPoolSize == null || v.questionPoolSize <= (v.questions?.length ?? 0), {
    path: ["questionPoolSize"],
    error: ASSESSMENT_MESSAGES.poolSizeRange,
  });
export type EditorOutput = AssessmentCreate;

/** The questions' points added up, for the running total (unreadable points count as 0). */
export function totalOf(questions: Pick<EditorQuestion, "points">[]): number {
  const sum = questions.reduce((acc, q) => acc + (Number(q.points) || 0), 0);
  return Math.round(sum * 100) / 100;
}

/** A stored question's image by question id. */
export type EditorImages = Map<string, QuestionImage>;

/** The image a question shows: one just uploaded for it, its stored one, or the one it copies. */
export const imageOf = (q: Pick<EditorQuestion, "_id" | "imageFrom" | "imageUpload">, images: EditorImages) =>
  q.imageUpload?.image ?? (q._id ? images.get(q._id) : undefined) ?? q.imageFrom?.image;

/** The questions as a learner would be served them (in the written order, without the key), with their images. */
export function previewQuestions(
  questions: EditorQuestion[],
  images: EditorImages,
): (FieldQuestion & { points: number; image: QuestionImage | null })[] {
  return questions.map((q, index) => {
    const image = imageOf(q, images);
    return {
      _id: `preview-${index}`,
      type: q.type,
      text: q.text,
      points: Number(q.points) || 0,
      image: image ? { ...image, alt: q.imageAlt.trim() } : null,
      ...(isChoice(q.type) ? { options: q.options.map((o, i) => ({ _id: String(i), text: o.text })) } : {}),
    };
  });
}
