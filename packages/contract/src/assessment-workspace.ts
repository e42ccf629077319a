import { z } from "zod";
import { ASSESSMENT_TYPES, assessmentSchema } from "./assessments.js";
import { messageGroup } from "./catalogued-message.js";
import { envelope, objectIdSchema, paginationQuerySchema, paginationSchema } from "./common.js";
import { courseIdSchema, idSchema } from "./ids.js";

/**
 * The workspace's state filter: draft (not published); published; upcoming (published, not available
 * yet); open (published, available and not past its due date); past_due (published, due date passed);
 * needs_grading (some finished attempt waits for a hand grade).
 */
export const ASSESSMENT_LIST_STATES = ["draft", "published", "upcoming", "open", "past_due", "needs_grading"] as const;
export type AssessmentListState = (typeof ASSESSMENT_LIST_STATES)[number];

export const ASSESSMENT_WORKSPACE_MESSAGES = messageGroup("ASSESSMENT_WORKSPACE_MESSAGES", {
  duplicated: "Assessment duplicated successfully",
  invalidState: `State must be one of: ${ASSESSMENT_LIST_STATES.join(", ")}`,
});

/** GET /instructor/assessments: every assessment of the courses one manages, filtered and paged. */
export const instructorAssessmentListQuerySchema = paginationQuerySchema.extend({
  courseId: objectIdSchema.optional(),
  type: z.enum(ASSESSMENT_TYPES).optional(),
  state: z.enum(ASSESSMENT_LIST_STATES, { error: ASSESSMENT_WORKSPACE_MESSAGES.invalidState }).optional(),
  search: z.string().trim().max(100).optional(),
});
export type InstructorAssessmentListQuery = z.infer<typeof instructorAssessmentListQuerySchema>;
export const instructorAssessmentListResponseSchema = envelope(
  z.object({ assessments: z.array(assessmentSchema), pagination: paginationSchema }),
);

export const workspaceAssessmentParamsSchema = z.object({ assessmentId: idSchema });

/** A copy of an assessment (settings and questions, as a draft) in a course one manages. */
export const duplicateAssessmentSchema = z.object({ courseId: courseIdSchema });
export type DuplicateAssessment = z.infer<typeof duplicateAssessmentSchema>;
