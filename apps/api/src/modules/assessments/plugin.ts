import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Guard } from "../../auth/guard.js";
import type { Database } from "../../db/types.js";
import { canUseInstructorArea, isAdmin } from "../../policies/index.js";
import type { DiscardFiles } from "../../storage/discard.js";
import type { UrlSigner } from "../../storage/signed-urls.js";
import type { Storage } from "../../storage/storage.js";
import { createStaffNotifier } from "../notifications/staff-events.js";
import { createQtiExportService } from "../qti/export-service.js";
import { createQtiImportService } from "../qti/import-service.js";
import { qtiRoutes } from "../qti/routes.js";
import type { MailQueue } from "../settings/mail-queue.js";
import { answerFileRoutes } from "./answer-file-routes.js";
import { createAnswerFileService } from "./answer-files.js";
import { createAttemptView } from "./attempt-view.js";
import { assessmentDashboardRoutes } from "./dashboard-routes.js";
import { createGradeNotifier } from "./grade-mail.js";
import { createHandGradingService } from "./hand-grading.js";
import { assessmentLearnerRoutes } from "./learner-routes.js";
import { overrideRoutes } from "./override-routes.js";
import { createOverrideService } from "./overrides.js";
import { createPendingImageService } from "./pending-images.js";
import { questionImageRoutes } from "./question-image-routes.js";
import { createImageLink, createQuestionImageService } from "./question-images.js";
import { createRegradeService } from "./regrade.js";
import { assessmentCreateRoute, assessmentManagerRoutes } from "./routes.js";
import { createAssessmentService } from "./service.js";
import { createAttemptService } from "./taking.js";
import { createAssessmentWorkspace } from "./workspace.js";
import { assessmentWorkspaceRoutes } from "./workspace-routes.js";

export interface AssessmentDeps {
  db: Kysely<Database>;
  guard: Guard;
  mail: MailQueue;
  storage: Storage;
  /** Removes the files of deleted rows, after their transaction. */
  discard: DiscardFiles;
  signer: UrlSigner;
  publicUrl: string;
  /** The clock rules are judged by (tests move it instead of sleeping). */
  now: () => Date;
}

/** Assessments (issue 10): authoring under /instructor (create also under /admin), taking under /api. */
export async function assessmentRoutes(app: FastifyInstance, deps: AssessmentDeps): Promise<void> {
  const { db, guard, storage, signer, now } = deps;
  const notify = createGradeNotifier({ db, mail: deps.mail, publicUrl: deps.publicUrl });
  const staff = createStaffNotifier({ mail: deps.mail, publicUrl: deps.publicUrl });
  const assessments = createAssessmentService({ db, storage, discard: deps.discard, now, staff });
  const attempts = createAttemptService({ db, now, staff });
  const overrides = createOverrideService({ db, now });
  const grading = createHandGradingService({ db, now, notify, staff });
  const regrading = createRegradeService({ db, discard: deps.discard, now });
  const files = createAnswerFileService({ db, storage, discard: deps.discard, now, staff });
  const link = createImageLink(signer);
  const view = createAttemptView(files, signer, link);
  const images = createQuestionImageService({ db, storage, discard: deps.discard, now });
  const pending = createPendingImageService({ db, storage, now });
  const instructor = {
    guard,
    prefix: "/instructor",
    tag: "instructor",
    allowed: canUseInstructorArea,
    assessments,
    link,
  };
  await app.register(assessmentManagerRoutes, { ...instructor, grading, regrading, view });
  await app.register(assessmentCreateRoute, instructor);
  await app.register(overrideRoutes, { ...instructor, overrides });
  await app.register(assessmentCreateRoute, {
    guard,
    prefix: "/admin",
    tag: "admin",
    allowed: isAdmin,
    assessments,
    link,
  });
  await app.register(assessmentDashboardRoutes, { guard, assessments });
  await app.register(assessmentLearnerRoutes, { guard, attempts, view, link });
  await app.register(questionImageRoutes, { guard, images, pending, assessments, link, storage, signer });
  await app.register(answerFileRoutes, { guard, files, view, storage, signer });
  const workspace = createAssessmentWorkspace({ db, now, assessments, images });
  await app.register(assessmentWorkspaceRoutes, { guard, workspace, link });
  const qti = {
    imports: createQtiImportService({ db, storage, assessments, pending }),
    exports: createQtiExportService({ db, storage }),
  };
  await app.register(qtiRoutes, { guard, link, ...qti });
}
