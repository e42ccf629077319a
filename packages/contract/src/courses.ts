import { z } from "zod";
import { envelope, objectIdSchema, paginationQuerySchema, paginationSchema } from "./common.js";
import { DIFFICULTIES, LANGUAGES, LIMITS } from "./constants.js";

export const difficultySchema = z.enum(DIFFICULTIES);
export const languageSchema = z.enum(LANGUAGES);

const refSchema = z.object({ _id: z.string(), name: z.string() });

export const courseStatsSchema = z.object({
  enrollments: z.number().int(),
  completions: z.number().int(),
  averageRating: z.number(),
  totalRatings: z.number().int(),
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

export const courseListResponseSchema = envelope(
  z.object({ courses: z.array(courseSummarySchema), pagination: paginationSchema }),
);

export const HOME_COURSE_LIMIT = LIMITS.homeCourses;
