import { z } from "zod";
import { announcementSchema } from "./announcements.js";
import { envelope, paginationQuerySchema, paginationSchema } from "./common.js";
import { moduleSchema } from "./content.js";
import { COURSE_ICONS } from "./course-icons.js";
import { courseSchema, courseStatsSchema, courseSummarySchema } from "./courses.js";
import { enrollmentSchema } from "./enrollments.js";
import { materialSchema } from "./materials.js";
import { courseProgressSchema } from "./progress.js";
import { sessionSchema } from "./sessions.js";

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
  /**
   * What a learner should bring before starting: the course's stated requirements (type
   * `requirement`, nothing to tick, so `completed` is always false).
   */
  prerequisites: z.array(z.object({ title: z.string(), type: z.string(), completed: z.boolean() })),
  /**
   * The lesson to open next: the first one, in syllabus order, with a file the signed-in reader has
   * not completed; null once every lesson with files is done (or when no lesson has files).
   */
  nextLessonId: z.string().nullable(),
  /** The course's live sessions (spec §3), earliest first, up to DETAIL_SESSIONS; GET /sessions?courseId pages them all. */
  sessions: z.array(sessionSchema),
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
  /** As the course detail's: the lesson the learner's "what to do next" points to. */
  nextLessonId: z.string().nullable(),
  /** The list view's icon (spec §3): a lucide icon name chosen by the course's category. */
  icon: z.enum(COURSE_ICONS),
  /** The icon's colour, a CSS hex colour fixed per course. */
  iconColor: z.string(),
});
export type EnrolledCourse = z.infer<typeof enrolledCourseSchema>;
export const enrolledCoursesQuerySchema = paginationQuerySchema;
export const enrolledCoursesResponseSchema = envelope(
  z.object({ courses: z.array(enrolledCourseSchema), pagination: paginationSchema }),
);
