import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../src/db/types.js";
import { createLocalStorage } from "../../src/storage/local.js";
import { BACKUP_ARCHIVES_PREFIX, createS3Storage, type S3StorageOptions } from "../../src/storage/s3.js";
import type { Storage } from "../../src/storage/storage.js";
import { createAssessment } from "./assessments.js";
import { makeCourse, makeEnrolledLearner, makeSession, makeSignedInUser } from "./factories.js";
import { postMaterial } from "./materials.js";
import { MP4, multipart, PDF, PNG } from "./multipart.js";

type Auth = Record<string, string>;

/** The uploads storage the app under test writes to: its DATA_DIR, or the s3rver bucket. */
export const uploadsOf = (dataDir: string, s3?: S3StorageOptions): Storage =>
  s3
    ? createS3Storage(s3, { hiddenPrefixes: [BACKUP_ARCHIVES_PREFIX] })
    : createLocalStorage(path.join(dataDir, "uploads"));

/** Where backup archives go: DATA_DIR/backups, or the bucket's backups/ prefix. */
export const archivesOf = (dataDir: string, s3?: S3StorageOptions): Storage =>
  s3 ? createS3Storage(s3, { keyPrefix: BACKUP_ARCHIVES_PREFIX }) : createLocalStorage(path.join(dataDir, "backups"));

export const isStored = async (storage: Storage, key: string) => (await storage.size(key)) !== null;

function send(app: FastifyInstance, method: "POST" | "PUT", url: string, auth: Auth, field: string, file: Buffer) {
  const body = multipart({ title: "A file" }, { field, filename: "file.bin", content: file });
  return app.inject({ method, url, headers: { ...auth, ...body.headers }, payload: body.payload });
}

async function expectOk<R extends { statusCode: number; body: string }>(response: Promise<R>): Promise<R> {
  const answer = await response;
  if (answer.statusCode >= 300) throw new Error(`upload failed: ${answer.statusCode} ${answer.body}`);
  return answer;
}

/**
 * A course with one stored file of every kind, each uploaded over HTTP: a lesson file, a material, a
 * session recording, a question image, and a learner's picture and answer file. Answers every key.
 */
export async function courseWithEveryFile(app: FastifyInstance, db: Kysely<Database>) {
  const instructor = await makeSignedInUser(app, db, "instructor");
  const course = await makeCourse(db, { instructor_id: instructor.user.id });
  const base = `/api/instructor/courses/${course.id}`;

  const module = await expectOk(
    app.inject({ method: "POST", url: `${base}/modules`, headers: instructor.auth, payload: { title: "M" } }),
  );
  const moduleId: string = module.json().data.module._id;
  const lesson = await expectOk(
    app.inject({
      method: "POST",
      url: `${base}/modules/${moduleId}/lessons`,
      headers: instructor.auth,
      payload: { title: "L" },
    }),
  );
  const lessonId: string = lesson.json().data.lesson._id;
  const lessonUrl = `${base}/modules/${moduleId}/lessons/${lessonId}`;
  await expectOk(send(app, "POST", `${lessonUrl}/content`, instructor.auth, "content", PDF));

  const material = await expectOk(
    postMaterial(app, course.id, instructor.auth, { title: "Handout" }, { file: { filename: "h.pdf", content: PDF } }),
  );
  const materialId: string = material.json().data.material._id;

  const session = await makeSession(db, { course_id: course.id, status: "completed" });
  const recording = await expectOk(
    send(app, "POST", `/api/recordings/upload/${session.id}`, instructor.auth, "recording", MP4),
  );
  const recordingId: string = recording.json().data.recording._id;

  const assessment = await createAssessment(app, course.id, instructor.auth, {
    type: "assignment",
    questions: [{ type: "file_upload", text: "Upload your report.", points: 10 }],
  });
  const questionId = assessment.questions[0]._id;
  await expectOk(
    send(
      app,
      "POST",
      `${base}/assessments/${assessment._id}/questions/${questionId}/image`,
      instructor.auth,
      "file",
      PNG,
    ),
  );

  const learner = await makeEnrolledLearner(app, db, course.id);
  await expectOk(send(app, "PUT", "/api/users/me/avatar", learner.auth, "file", PNG));
  const started = await expectOk(
    app.inject({ method: "POST", url: `/api/assessments/${assessment._id}/attempts`, headers: learner.auth }),
  );
  const attempt = started.json().data.attempt as { _id: string; questions: { _id: string }[] };
  await expectOk(
    send(app, "POST", `/api/attempts/${attempt._id}/files/${attempt.questions[0]._id}`, learner.auth, "file", PDF),
  );

  const one = async (query: Promise<{ key: string | null } | undefined>) => {
    const row = await query;
    if (!row?.key) throw new Error("no stored file");
    return row.key;
  };
  const keys = {
    lessonFile: await one(
      db.selectFrom("lesson_files").select("storage_key as key").where("lesson_id", "=", lessonId).executeTakeFirst(),
    ),
    material: await one(
      db.selectFrom("materials").select("storage_key as key").where("id", "=", materialId).executeTakeFirst(),
    ),
    recording: await one(
      db.selectFrom("recordings").select("storage_key as key").where("id", "=", recordingId).executeTakeFirst(),
    ),
    questionImage: await one(
      db.selectFrom("assessment_questions").select("image_key as key").where("id", "=", questionId).executeTakeFirst(),
    ),
    avatar: await one(
      db
        .selectFrom("user_avatars")
        .select("storage_key as key")
        .where("user_id", "=", learner.user.id)
        .executeTakeFirst(),
    ),
    answerFile: await one(
      db
        .selectFrom("assessment_answer_files")
        .select("storage_key as key")
        .where("attempt_id", "=", attempt._id)
        .executeTakeFirst(),
    ),
  };
  return {
    instructor,
    learner,
    course,
    base,
    imageUrl: `${base}/assessments/${assessment._id}/questions/${questionId}/image`,
    answerUrl: `/api/attempts/${attempt._id}/files/${attempt.questions[0]._id}`,
    urls: {
      lesson: lessonUrl,
      material: `${base}/materials/${materialId}`,
      recording: `/api/sessions/recordings/${recordingId}`,
      assessment: `${base}/assessments/${assessment._id}`,
    },
    keys,
  };
}
