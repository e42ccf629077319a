import {
  type Course,
  type CourseCreate,
  courseCreateSchema,
  type DIFFICULTIES,
  difficultySchema,
  type LANGUAGES,
  languageSchema,
  MESSAGES,
} from "@lms/contract";
import { z } from "zod";
import { catalogueLabels } from "@/lib/catalogue-labels";

export const DEFAULT_THUMBNAIL = "/thumbnails/default.svg";

/** A course's language, named in the interface's language. */
export const LANGUAGE_LABELS = catalogueLabels<(typeof LANGUAGES)[number]>("courseLanguages");

export interface CourseFormValues {
  title: string;
  description: string;
  shortDescription: string;
  categoryId: string;
  instructorId: string;
  courseCode: string;
  priceCredits: number;
  difficulty: (typeof DIFFICULTIES)[number];
  duration: number;
  language: (typeof LANGUAGES)[number];
  tags: string;
  requirements: string;
  learningOutcomes: string;
  thumbnail: string;
}

/** The fields the spec requires before anything is sent (spec §5 "Create course"). */
export const REQUIRED_FIELDS = ["title", "description", "shortDescription", "categoryId", "duration"] as const;

const fields = courseCreateSchema.shape;

/**
 * The course form's rules, taken from the contract. The short description's 10-200 length is
 * only a hint here (spec §5): the server enforces it and its message comes back as a field error.
 */
export function courseFormSchema(needsInstructor: boolean) {
  return z.object({
    title: fields.title,
    description: fields.description,
    shortDescription: z.string().trim().min(1, MESSAGES.shortDescriptionRequired),
    categoryId: fields.categoryId,
    instructorId: needsInstructor ? z.string().min(1, MESSAGES.selectInstructor) : z.string(),
    courseCode: z.string(),
    priceCredits: z.number(),
    difficulty: difficultySchema,
    duration: z.number().min(1, MESSAGES.durationMin),
    language: languageSchema,
    tags: z.string(),
    requirements: z.string(),
    learningOutcomes: z.string(),
    thumbnail: z.string(),
  });
}

/** A number input's value as a whole number; anything else becomes 0 (spec §5). */
export function toWholeNumber(value: unknown): number {
  const number = Number.parseInt(String(value), 10);
  return Number.isFinite(number) ? number : 0;
}

const byComma = (text: string) =>
  text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
const byLine = (text: string) =>
  text
    .split("\n")
    .map((item) => item.trim())
    .filter(Boolean);

export const EMPTY_COURSE_FORM: CourseFormValues = {
  title: "",
  description: "",
  shortDescription: "",
  categoryId: "",
  instructorId: "",
  courseCode: "",
  priceCredits: 0,
  difficulty: "beginner",
  duration: 0,
  language: "en",
  tags: "",
  requirements: "",
  learningOutcomes: "",
  thumbnail: DEFAULT_THUMBNAIL,
};

export function courseToForm(course: Course): CourseFormValues {
  return {
    title: course.title,
    description: course.description,
    shortDescription: course.shortDescription,
    categoryId: course.categoryId?._id ?? "",
    instructorId: course.instructorId?._id ?? "",
    courseCode: course.courseCode,
    priceCredits: course.priceCredits,
    difficulty: course.difficulty,
    duration: course.duration,
    language: course.language,
    tags: course.tags.join(", "),
    requirements: course.requirements.join("\n"),
    learningOutcomes: course.learningOutcomes.join("\n"),
    thumbnail: course.thumbnail ?? "",
  };
}

/** What the api receives: lists split and trimmed, empty optional fields left out. */
export function formToPayload(values: CourseFormValues, withInstructor: boolean): Partial<CourseCreate> {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    shortDescription: values.shortDescription.trim(),
    categoryId: values.categoryId,
    ...(withInstructor && values.instructorId ? { instructorId: values.instructorId } : {}),
    ...(values.courseCode.trim() ? { courseCode: values.courseCode.trim() } : {}),
    priceCredits: values.priceCredits,
    difficulty: values.difficulty,
    duration: values.duration,
    language: values.language,
    tags: byComma(values.tags),
    requirements: byLine(values.requirements),
    learningOutcomes: byLine(values.learningOutcomes),
    thumbnail: values.thumbnail.trim() || null,
  };
}
