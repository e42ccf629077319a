import { z } from "zod";
import { envelope, objectIdSchema, paginationQuerySchema, paginationSchema } from "./common.js";
import { DIFFICULTIES, LANGUAGES, LIMITS, OBJECT_ID_PATTERN } from "./constants.js";
import { MESSAGES } from "./messages.js";

export const difficultySchema = z.enum(DIFFICULTIES);
export const languageSchema = z.enum(LANGUAGES);

const refSchema = z.object({ _id: z.string(), name: z.string() });

export const courseStatsSchema = z.object({
  enrollments: z.number().int(),
  completions: z.number().int(),
  averageRating: z.number(),
  totalRatings: z.number().int(),
  /** Mean progress percent of the course's enrollments: in managed lists and the detail, not the catalogue. */
  averageProgress: z.number().int().optional(),
});

/** A course as the catalogue and the home page show it. */
export const courseSummarySchema = z.object({
  _id: z.string(),
  title: z.string(),
  courseCode: z.string(),
  shortDescription: z.string(),
  description: z.string(),
  categoryId: refSchema.nullable(),
  category: z.string().nullable(),
  instructorId: refSchema.nullable(),
  instructor: z.string().nullable(),
  priceCredits: z.number().int(),
  difficulty: difficultySchema,
  duration: z.number().int(),
  language: languageSchema,
  tags: z.array(z.string()),
  thumbnail: z.string().nullable(),
  published: z.boolean(),
  stats: courseStatsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CourseSummary = z.infer<typeof courseSummarySchema>;

export const COURSE_SORTS = ["popular", "newest", "title"] as const;

export const courseListQuerySchema = paginationQuerySchema.extend({
  category: objectIdSchema.optional(),
  search: z.string().trim().max(100).optional(),
  sort: z.enum(COURSE_SORTS).default("popular"),
});
export type CourseListQuery = z.infer<typeof courseListQuerySchema>;

/** A catalogue search counts at most this many matches; past it `pagination.capped` is true and `total` is the cap. */
export const CATALOGUE_COUNT_CAP = 1000;

export const courseListResponseSchema = envelope(
  z.object({ courses: z.array(courseSummarySchema), pagination: paginationSchema.extend({ capped: z.boolean() }) }),
);
export type CourseListResponse = z.infer<typeof courseListResponseSchema>;

export const HOME_COURSE_LIMIT = LIMITS.homeCourses;

const listOf = (max: number, itemMax: number) =>
  z
    .array(z.string().trim().max(itemMax))
    .max(max)
    .transform((items) => [...new Set(items.filter((item) => item.length > 0))]);

/** The course form's fields (spec §5 "Create course"), checked on the server as well. */
const courseFields = {
  title: z
    .string({ error: MESSAGES.titleRequired })
    .trim()
    .min(1, MESSAGES.titleRequired)
    .max(200, MESSAGES.titleTooLong),
  description: z
    .string({ error: MESSAGES.descriptionRequired })
    .trim()
    .min(1, MESSAGES.descriptionRequired)
    .max(10_000, MESSAGES.descriptionTooLong),
  shortDescription: z
    .string({ error: MESSAGES.shortDescriptionRequired })
    .trim()
    .min(1, MESSAGES.shortDescriptionRequired)
    .min(LIMITS.shortDescriptionMin, MESSAGES.shortDescriptionLength)
    .max(LIMITS.shortDescriptionMax, MESSAGES.shortDescriptionLength),
  categoryId: z
    .string({ error: MESSAGES.categoryRequired })
    .min(1, MESSAGES.categoryRequired)
    .regex(OBJECT_ID_PATTERN, MESSAGES.categoryRequired)
    .toLowerCase(),
  /** Admins must name an active instructor; an instructor always owns the course. */
  instructorId: z
    .string({ error: MESSAGES.selectInstructor })
    .regex(OBJECT_ID_PATTERN, MESSAGES.selectInstructor)
    .toLowerCase(),
  /** Generated when empty. */
  courseCode: z
    .string()
    .trim()
    .max(20, MESSAGES.courseCodeInvalid)
    .regex(/^[A-Za-z0-9_-]*$/, MESSAGES.courseCodeInvalid),
  priceCredits: z
    .number({ error: MESSAGES.priceWhole })
    .int(MESSAGES.priceWhole)
    .min(0, MESSAGES.priceMin)
    .max(1_000_000, MESSAGES.priceWhole),
  difficulty: difficultySchema,
  duration: z
    .number({ error: MESSAGES.durationMin })
    .int(MESSAGES.durationWhole)
    .min(LIMITS.courseDurationMin, MESSAGES.durationMin)
    .max(100_000, MESSAGES.durationWhole),
  language: languageSchema,
  tags: listOf(20, 50),
  requirements: listOf(50, 500),
  learningOutcomes: listOf(50, 500),
  thumbnail: z.string().trim().max(2048).nullable(),
};

export const courseCreateSchema = z.object({
  ...courseFields,
  instructorId: courseFields.instructorId.optional(),
  courseCode: courseFields.courseCode.optional(),
  priceCredits: courseFields.priceCredits.default(0),
  difficulty: courseFields.difficulty.default("beginner"),
  language: courseFields.language.default("en"),
  tags: courseFields.tags.default([]),
  requirements: courseFields.requirements.default([]),
  learningOutcomes: courseFields.learningOutcomes.default([]),
  thumbnail: courseFields.thumbnail.optional(),
});
export type CourseCreate = z.infer<typeof courseCreateSchema>;

/**
 * When a learner has completed the course: always once every file of its published lessons is done;
 * with `requireAssessments`, also once every published assessment marked required is passed.
 */
export const completionRuleSchema = z.object({ requireAssessments: z.boolean() });
export type CompletionRule = z.infer<typeof completionRuleSchema>;

/** Only the fields sent change. */
export const courseUpdateSchema = z.object({ ...courseFields, completionRule: completionRuleSchema }).partial();
export type CourseUpdate = z.infer<typeof courseUpdateSchema>;

/** Admin publishing (spec §4): active publishes, inactive unpublishes. */
export const courseStatusSchema = z.object({ status: z.enum(["active", "inactive"]) });

/** Uploaded course pictures: images a browser shows, judged from the content; at most this many MB (or maxFileSize if lower). */
export const COURSE_PICTURE_TYPES = ["png", "jpg", "gif", "webp"] as const;
export const COURSE_PICTURE_MAX_MB = 5;

/** GET /courses/{id}/picture: `v` only makes a new picture bypass caches. */
export const coursePictureQuerySchema = z.object({
  v: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
});

/** A course with all its own fields (no content below it). */
export const courseSchema = courseSummarySchema.extend({
  requirements: z.array(z.string()),
  learningOutcomes: z.array(z.string()),
  completionRule: completionRuleSchema,
});
export type Course = z.infer<typeof courseSchema>;
export const courseResponseSchema = envelope(z.object({ course: courseSchema }));

/**
 * Where a course stands (spec §3 `published`, with the review workflow of issue 9): a draft, waiting
 * for review (`pending`), sent back with changes requested, or published.
 */
export const COURSE_STATES = ["draft", "pending", "changes_requested", "published"] as const;
export type CourseState = (typeof COURSE_STATES)[number];

/** How a managed list can be sorted; each has its own default direction (newest, A–Z, most learners, published first). */
export const MANAGED_COURSE_SORTS = ["created", "title", "learners", "state"] as const;
export type ManagedCourseSort = (typeof MANAGED_COURSE_SORTS)[number];

/**
 * Managed course lists (admin: every course; instructor: the courses they teach). `status: draft`
 * is every unpublished course (pending and sent-back ones included); `pending` and
 * `changes_requested` narrow it to one review state.
 */
export const managedCourseListQuerySchema = paginationQuerySchema.extend({
  category: objectIdSchema.optional(),
  search: z.string().trim().max(100).optional(),
  status: z.enum(COURSE_STATES).optional(),
  sort: z.enum(MANAGED_COURSE_SORTS).default("created"),
  order: z.enum(["asc", "desc"]).optional(),
});
export type ManagedCourseListQuery = z.infer<typeof managedCourseListQuerySchema>;

/** A managed list's course always carries its learners' average progress. */
export const managedCourseSummarySchema = courseSummarySchema.extend({
  stats: courseStatsSchema.extend({ averageProgress: z.number().int() }),
  state: z.enum(COURSE_STATES),
});
export type ManagedCourseSummary = z.infer<typeof managedCourseSummarySchema>;
export const managedCourseListResponseSchema = envelope(
  z.object({ courses: z.array(managedCourseSummarySchema), pagination: paginationSchema }),
);
