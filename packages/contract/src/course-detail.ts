import { z } from "zod";
import { announcementSchema } from "./announcements.js";
import { envelope, paginationQuerySchema, paginationSchema } from "./common.js";
import { moduleSchema } from "./content.js";
import { courseSchema, courseStatsSchema, courseSummarySchema } from "./courses.js";
import { enrollmentSchema } from "./enrollments.js";
import { materialSchema } from "./materials.js";
import { courseProgressSchema } from "./progress.js";

export const courseDetailStatsSchema = courseStatsSchema.extend({ averageProgress: z.number().int() });

/**
 * Everything the course detail and lesson viewer show (spec §2, §3): for its managers and
 * enrolled learners. Learners see published lessons only; file urls are signed and expire.
 */
export const courseDetailSchema = courseSchema.extend({
  stats: courseDetailStatsSchema,
  modules: z.array(moduleSchema),
  materials: z.array(materialSchema),
  announcements: z.array(announcementSchema),
  /** One item per lesson in order; `viewed` once the learner opened any of its files. */
  syllabus: z.array(z.object({ _id: z.string(), title: z.string(), viewed: z.boolean() })),
  /** The course's requirements (nothing to complete) and its first module's videos (completion tracked). */
  prerequisites: z.array(z.object({ title: z.string(), type: z.string(), completed: z.boolean() })),
  /** The signed-in learner's progress; null for a manager who is not enrolled. */
  progress: courseProgressSchema.nullable(),
  enrollment: enrollmentSchema.nullable(),
  canManage: z.boolean(),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;
export const courseDetailResponseSchema = envelope(z.object({ course: courseDetailSchema }));

/** What anyone may see of a published course: its own fields and an outline of published lessons. */
export const publicCourseSchema = courseSchema.extend({
  modules: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      description: z.string(),
      order: z.number().int(),
      lessons: z.array(z.object({ _id: z.string(), title: z.string(), order: z.number().int() })),
    }),
  ),
  isEnrolled: z.boolean(),
});
export type PublicCourse = z.infer<typeof publicCourseSchema>;
export const publicCourseResponseSchema = envelope(z.object({ course: publicCourseSchema }));

/** The learner's courses (GET /users/enrolled-courses), most recently used first. */
export const enrolledCourseSchema = courseSummarySchema.extend({
  progress: courseProgressSchema,
  enrollment: enrollmentSchema,
});
export type EnrolledCourse = z.infer<typeof enrolledCourseSchema>;
export const enrolledCoursesQuerySchema = paginationQuerySchema;
export const enrolledCoursesResponseSchema = envelope(
  z.object({ courses: z.array(enrolledCourseSchema), pagination: paginationSchema }),
);
