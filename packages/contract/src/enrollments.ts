import { z } from "zod";
import { envelope, paginationQuerySchema, paginationSchema } from "./common.js";
import { LIMITS } from "./constants.js";
import { courseStatsSchema } from "./courses.js";
import { userIdSchema } from "./ids.js";
import { MESSAGES } from "./messages.js";

export const ENROLLMENT_STATUSES = ["active", "completed"] as const;
export const enrollmentStatusSchema = z.enum(ENROLLMENT_STATUSES);

/** The signed-in user's own enrollment in a course. */
export const enrollmentSchema = z.object({
  courseId: z.string(),
  status: enrollmentStatusSchema,
  progress: z.number().int(),
  rating: z.number().int().nullable(),
  enrolledAt: z.string(),
  completedAt: z.string().nullable(),
  lastAccessedAt: z.string().nullable(),
});
export type Enrollment = z.infer<typeof enrollmentSchema>;

/** Admin "add students": many at once; an empty list adds nobody. */
export const addStudentsSchema = z.object({
  userIds: z.array(userIdSchema, { error: MESSAGES.invalidUserId }).max(LIMITS.enrollmentBatchMax),
});
export type AddStudents = z.infer<typeof addStudentsSchema>;

export const studentListQuerySchema = paginationQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
});
export type StudentListQuery = z.infer<typeof studentListQuerySchema>;

/** A user not yet in the course, as the Batch tab offers them for adding. */
export const enrollmentCandidateSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.string(),
  avatar: z.string().nullable(),
});
export type EnrollmentCandidate = z.infer<typeof enrollmentCandidateSchema>;

/** A user enrolled in a course, as the Batch tab lists them: the user and their enrollment. */
export const studentSchema = enrollmentCandidateSchema.extend({
  enrollmentStatus: enrollmentStatusSchema,
  progress: z.number().int(),
  rating: z.number().int().nullable(),
  enrolledAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Student = z.infer<typeof studentSchema>;

export const enrollmentCandidateListResponseSchema = envelope(
  z.object({ users: z.array(enrollmentCandidateSchema), pagination: paginationSchema }),
);

export const studentListResponseSchema = envelope(
  z.object({ students: z.array(studentSchema), pagination: paginationSchema }),
);
export const addStudentsResponseSchema = envelope(
  z.object({ added: z.number().int(), alreadyEnrolled: z.number().int() }),
);

export const selfEnrollResponseSchema = envelope(z.object({ enrollment: enrollmentSchema, credits: z.number().int() }));

export const ratingRequestSchema = z.object({
  rating: z
    .number({ error: MESSAGES.ratingRange })
    .int(MESSAGES.ratingRange)
    .min(1, MESSAGES.ratingRange)
    .max(5, MESSAGES.ratingRange),
});
export const ratingResponseSchema = envelope(z.object({ rating: z.number().int(), stats: courseStatsSchema }));
