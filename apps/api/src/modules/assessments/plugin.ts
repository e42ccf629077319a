import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Guard } from "../../auth/guard.js";
import type { Database } from "../../db/types.js";
import { canUseInstructorArea, isAdmin } from "../../policies/index.js";
import { assessmentDashboardRoutes } from "./dashboard-routes.js";
import { createHandGradingService } from "./hand-grading.js";
import { assessmentLearnerRoutes } from "./learner-routes.js";
import { overrideRoutes } from "./override-routes.js";
import { createOverrideService } from "./overrides.js";
import { assessmentCreateRoute, assessmentManagerRoutes } from "./routes.js";
import { createAssessmentService } from "./service.js";
import { createAttemptService } from "./taking.js";
import { createAssessmentWorkspace } from "./workspace.js";
import { assessmentWorkspaceRoutes } from "./workspace-routes.js";

export interface AssessmentDeps {
  db: Kysely<Database>;
  guard: Guard;
  /** The clock rules are judged by (tests move it instead of sleeping). */
  now: () => Date;
}

/** Assessments (issue 10): authoring under /instructor (create also under /admin), taking under /api. */
export async function assessmentRoutes(app: FastifyInstance, { db, guard, now }: AssessmentDeps): Promise<void> {
  const assessments = createAssessmentService({ db, now });
  const attempts = createAttemptService({ db, now });
  const overrides = createOverrideService({ db, now });
  const grading = createHandGradingService({ db, now });
  const instructor = { guard, prefix: "/instructor", tag: "instructor", allowed: canUseInstructorArea, assessments };
  await app.register(assessmentManagerRoutes, { ...instructor, grading });
  await app.register(assessmentCreateRoute, instructor);
  await app.register(overrideRoutes, { ...instructor, overrides });
  await app.register(assessmentCreateRoute, { guard, prefix: "/admin", tag: "admin", allowed: isAdmin, assessments });
  await app.register(assessmentDashboardRoutes, { guard, assessments });
  await app.register(assessmentLearnerRoutes, { guard, attempts });
  const workspace = createAssessmentWorkspace({ db, now, assessments });
  await app.register(assessmentWorkspaceRoutes, { guard, workspace });
}
