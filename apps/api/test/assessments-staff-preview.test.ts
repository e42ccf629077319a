import { learnerAssessmentResponseSchema, MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { createAssessment } from "./support/assessments.js";
import { makeCourse, makeEnrolledLearner, makeSignedInUser } from "./support/factories.js";

let t: TestContext;
let instructor: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  instructor = await makeSignedInUser(t.app, t.db, "instructor");
});
afterAll(() => t.close());

const open = (id: string, auth: Record<string, string>) =>
  t.app.inject({ method: "GET", url: `/api/assessments/${id}`, headers: auth });

const attemptsAt = async (assessmentId: string) =>
  (await t.db.selectFrom("assessment_attempts").select("id").where("assessment_id", "=", assessmentId).execute())
    .length;

describe("staff opening a learner's assessment link (GET /api/assessments/:id)", () => {
  it("gives the course's managers and admins a preview with questions, options and points, recording no attempt", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    const assessment = await createAssessment(t.app, course.id, instructor.auth, { title: "Week 1 quiz" });
    const draft = await createAssessment(t.app, course.id, instructor.auth, { title: "Draft", published: false });

    for (const manager of [instructor, admin]) {
      for (const { _id } of [assessment, draft]) {
        const response = await open(_id, manager.auth);
        expect(response.statusCode, response.body).toBe(200);
        const data = learnerAssessmentResponseSchema.parse(response.json()).data;
        expect(data.canManage).toBe(true);
        expect(data.attempts).toEqual([]);
        expect(data.questions?.length).toBeGreaterThan(0);
        const choice = data.questions?.find((q) => q.type === "single_choice");
        expect(choice).toMatchObject({ text: "Capital of France?", points: 4 });
        expect(choice?.options?.map((o) => o.text)).toEqual(["Paris", "Lyon"]);
      }
    }
    expect(await attemptsAt(assessment._id)).toBe(0);
    expect(await attemptsAt(draft._id)).toBe(0);
  });

  it("refuses other instructors and gives learners no preview and no answer key", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const assessment = await createAssessment(t.app, course.id, instructor.auth, {});
    const draft = await createAssessment(t.app, course.id, instructor.auth, { published: false });
    const otherInstructor = await makeSignedInUser(t.app, t.db, "instructor");

    const refused = await open(assessment._id, otherInstructor.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.notEnrolled.text);
    expect((await open(draft._id, otherInstructor.auth)).statusCode).toBe(404);

    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const response = await open(assessment._id, learner.auth);
    expect(response.statusCode, response.body).toBe(200);
    const data = learnerAssessmentResponseSchema.parse(response.json()).data;
    expect(data.canManage).toBe(false);
    expect(data.questions).toBeUndefined();
    expect(response.body).not.toContain('"correct"');
  });
});
