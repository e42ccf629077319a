import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { XAPI_VERBS, type XapiStatement, xapiStatementSchema } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { XAPI_DELIVER_JOB } from "../src/modules/xapi/delivery.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { createAssessment } from "./support/assessments.js";
import {
  makeCourse,
  makeEnrolledLearner,
  makeLesson,
  makeLessonFile,
  makeSession,
  makeSignedInUser,
} from "./support/factories.js";

type Auth = Record<string, string>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const BASIC = `Basic ${Buffer.from("lrs-user:lrs-secret").toString("base64")}`;

/** A small Learning Record Store on loopback: records what is POSTed to /xapi/statements when the version and auth are right. */
function createLrs() {
  const received: XapiStatement[] = [];
  const refusals: string[] = [];
  let server: Server | null = null;
  let port = 0;
  const body = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  };
  const handle = async (request: IncomingMessage, reply: import("node:http").ServerResponse) => {
    const text = await body(request);
    if (request.method !== "POST" || request.url !== "/xapi/statements") {
      refusals.push(`${request.method} ${request.url}`);
      return reply.writeHead(404).end();
    }
    if (request.headers["x-experience-api-version"] !== "1.0.3") {
      refusals.push("version");
      return reply.writeHead(400).end();
    }
    if (request.headers.authorization !== BASIC) {
      refusals.push("auth");
      return reply.writeHead(401).end();
    }
    const statements = JSON.parse(text) as XapiStatement[];
    received.push(...statements);
    reply.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(statements.map((s) => s.id)));
  };
  return {
    received,
    refusals,
    get port() {
      return port;
    },
    async start() {
      server = createServer((request, reply) => void handle(request, reply));
      await new Promise<void>((resolve) => server?.listen(port, "127.0.0.1", resolve));
      port = (server.address() as AddressInfo).port;
    },
    async stop() {
      await new Promise<void>((resolve) => {
        server?.close(() => resolve());
        server?.closeAllConnections();
      });
      server = null;
    },
  };
}

const lrs = createLrs();
let t: TestContext;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  await lrs.start();
  t = await createTestApp({
    env: {
      OUTBOX_POLL_MS: "0",
      OUTBOX_RETRY_MS: "100",
      AUTH_RATE_LIMIT_MAX: "1000",
      XAPI_LRS_URL: `http://127.0.0.1:${lrs.port}/xapi/`,
      XAPI_LRS_USERNAME: "lrs-user",
      XAPI_LRS_PASSWORD: "lrs-secret",
      XAPI_BATCH_SIZE: "3",
    },
  });
  admin = await makeSignedInUser(t.app, t.db, "admin");
});
afterAll(async () => {
  await t.close();
  await lrs.stop();
});

const call = (method: "GET" | "POST" | "PUT", url: string, auth: Auth, payload?: object) =>
  t.app.inject({ method, url, headers: auth, payload });

async function ok(method: "GET" | "POST" | "PUT", url: string, auth: Auth, payload?: object) {
  const response = await call(method, url, auth, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
}

/**
 * A course where a learner does everything the product logs: opens (and so completes) its only
 * lesson and so the course, hands in a quiz and passes it, attends a live session, starts a forum thread and replies.
 */
async function learnerDoesEverything() {
  const teacher = await makeSignedInUser(t.app, t.db, "instructor");
  const course = await makeCourse(t.db, { instructor_id: teacher.user.id, title: "xAPI course" });
  const lesson = await makeLesson(t.db, { course_id: course.id, title: "Lesson one" });
  const file = await makeLessonFile(t.db, { lesson_id: lesson.id });
  const learner = await makeEnrolledLearner(t.app, t.db, course.id);
  const assessment = await createAssessment(t.app, course.id, teacher.auth, {
    title: "Flat earth quiz",
    passingScore: 50,
    questions: [{ type: "true_false", text: "The earth is flat.", points: 1, correct: false }],
  });

  await ok("POST", `/api/courses/${course.id}/lessons/${lesson.id}/progress`, learner.auth, { fileId: file.id });
  const attempt = (await ok("POST", `/api/assessments/${assessment._id}/attempts`, learner.auth)).data.attempt;
  await ok("PUT", `/api/attempts/${attempt._id}/answers`, learner.auth, {
    answers: [{ questionId: attempt.questions[0]._id, value: false }],
  });
  await ok("POST", `/api/attempts/${attempt._id}/submit`, learner.auth);
  const session = await makeSession(t.db, { course_id: course.id });
  await ok("POST", `/api/sessions/${session.id}/start`, teacher.auth, { early: true });
  await ok("POST", `/api/sessions/${session.id}/join`, learner.auth);
  const base = `/api/courses/${course.id}/discussions`;
  const thread = (await ok("POST", base, learner.auth, { title: "Why?", body: "<p>Tell me</p>" })).data.thread;
  await ok("POST", `${base}/${thread._id}/replies`, learner.auth, { body: "<p>Me again</p>" });
  return { course, lesson, assessment, session, thread, learner };
}

const mine = async (auth: Auth) => {
  const response = await call("GET", "/api/xapi/statements/mine", auth);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as XapiStatement[];
};

const today = () => new Date().toISOString().slice(0, 10);

describe("statements of learning events", () => {
  it("records an xAPI 1.0.3 statement for each event the product logs, valid by the rules", async () => {
    const w = await learnerDoesEverything();
    const statements = await mine(w.learner.auth);
    for (const statement of statements) expect(xapiStatementSchema.safeParse(statement).error).toBeUndefined();

    const byVerb = (verb: keyof typeof XAPI_VERBS) => statements.filter((s) => s.verb.id === XAPI_VERBS[verb]);
    const courseIri = `http://lms.test/courses/${w.course.id}`;
    expect(byVerb("launched").map((s) => s.object.id)).toEqual([`${courseIri}/lessons/${w.lesson.id}`]);
    expect(byVerb("launched")[0].object.definition).toEqual({
      name: { "en-US": "Lesson one" },
      type: "http://adlnet.gov/expapi/activities/lesson",
    });
    // Both in the same view's transaction: their timestamps may be equal, so their order is not asserted.
    const completed = byVerb("completed").map((s) => [s.object.id, s.object.definition.type, s.result]);
    expect(completed.sort()).toEqual([
      [courseIri, "http://adlnet.gov/expapi/activities/course", { completion: true }],
      [`${courseIri}/lessons/${w.lesson.id}`, "http://adlnet.gov/expapi/activities/lesson", { completion: true }],
    ]);
    expect(byVerb("answered").map((s) => s.object.id)).toEqual([`${courseIri}/assessments/${w.assessment._id}`]);
    expect(byVerb("passed")).toHaveLength(1);
    expect(byVerb("passed")[0].result).toEqual({
      score: { raw: 1, min: 0, max: 1, scaled: 1 },
      success: true,
      completion: true,
    });
    expect(byVerb("failed")).toHaveLength(0);
    expect(byVerb("attended").map((s) => [s.object.id, s.object.definition.type])).toEqual([
      [`${courseIri}/sessions/${w.session.id}`, "http://adlnet.gov/expapi/activities/meeting"],
    ]);
    expect(byVerb("commented").map((s) => s.object.id)).toEqual([
      `${courseIri}/discussions/${w.thread._id}`,
      `${courseIri}/discussions/${w.thread._id}`,
    ]);
    expect(statements).toHaveLength(8);

    // The key rules, by hand.
    expect(new Set(statements.map((s) => s.id)).size).toBe(statements.length);
    for (const s of statements) {
      expect(s.id).toMatch(UUID);
      expect(s.version).toBe("1.0.3");
      expect(s.actor).toEqual({
        objectType: "Agent",
        name: w.learner.user.name,
        account: { homePage: "http://lms.test", name: w.learner.user.id },
      });
      expect(s.verb.id).toMatch(/^http:\/\/adlnet\.gov\/expapi\/verbs\/[a-z]+$/);
      expect(s.verb.display["en-US"]).toBe(s.verb.id.split("/").pop());
      expect(new URL(s.object.id).origin).toBe("http://lms.test");
      expect(s.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(Math.abs(Date.parse(s.timestamp) - Date.now())).toBeLessThan(60_000);
      expect(s.context.platform).toBeTruthy();
      if (s.object.id !== courseIri) {
        expect(s.context.contextActivities?.parent).toEqual([
          {
            objectType: "Activity",
            id: courseIri,
            definition: { name: { "en-US": "xAPI course" }, type: "http://adlnet.gov/expapi/activities/course" },
          },
        ]);
      }
    }
  });

  it("says failed below the pass mark and scored where there is none, with the score", async () => {
    const teacher = await makeSignedInUser(t.app, t.db, "instructor");
    const course = await makeCourse(t.db, { instructor_id: teacher.user.id });
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const question = { type: "true_false", text: "The earth is flat.", points: 2, correct: false };
    const answerTrue = async (passingScore: number | null) => {
      const quiz = await createAssessment(t.app, course.id, teacher.auth, { passingScore, questions: [question] });
      const attempt = (await ok("POST", `/api/assessments/${quiz._id}/attempts`, learner.auth)).data.attempt;
      await ok("PUT", `/api/attempts/${attempt._id}/answers`, learner.auth, {
        answers: [{ questionId: attempt.questions[0]._id, value: true }],
      });
      await ok("POST", `/api/attempts/${attempt._id}/submit`, learner.auth);
      return `http://lms.test/courses/${course.id}/assessments/${quiz._id}`;
    };
    const failedIri = await answerTrue(50);
    const scoredIri = await answerTrue(null);
    const statements = await mine(learner.auth);
    for (const statement of statements) expect(xapiStatementSchema.safeParse(statement).error).toBeUndefined();
    const graded = statements.filter((s) => s.verb.id !== XAPI_VERBS.answered);
    expect(graded.map((s) => [s.verb.id, s.object.id, s.result]).sort()).toEqual([
      [
        XAPI_VERBS.failed,
        failedIri,
        { score: { raw: 0, min: 0, max: 2, scaled: 0 }, success: false, completion: true },
      ],
      [XAPI_VERBS.scored, scoredIri, { score: { raw: 0, min: 0, max: 2, scaled: 0 }, completion: true }],
    ]);
  });

  it("refuses statements that break the xAPI rules the schema holds", async () => {
    const [valid] = await mine((await learnerDoesEverything()).learner.auth);
    const broken = [
      { ...valid, id: "not-a-uuid" },
      { ...valid, object: { ...valid.object, id: "/courses/relative" } },
      { ...valid, verb: { ...valid.verb, id: "launched" } },
      { ...valid, result: { score: { scaled: 1.5 } } },
      { ...valid, result: { score: { raw: 11, min: 0, max: 10 } } },
      { ...valid, timestamp: "2026-11-28 10:00" },
      { ...valid, version: "2.0.0" },
    ];
    for (const statement of broken) expect(xapiStatementSchema.safeParse(statement).success).toBe(false);
  });
});

describe("delivery to the Learning Record Store", () => {
  const pending = async () =>
    (await t.db.selectFrom("xapi_statements").select("id").where("delivered_at", "is", null).execute()).length;
  const deliveryJobs = () => t.db.selectFrom("outbox_jobs").selectAll().where("type", "=", XAPI_DELIVER_JOB).execute();

  it("posts every stored statement in batches with the version header and Basic auth, and marks them delivered", async () => {
    await learnerDoesEverything();
    const stored = await t.db.selectFrom("xapi_statements").select("id").execute();
    expect(stored.length).toBeGreaterThanOrEqual(8);
    await t.app.outbox.enqueue(t.db, XAPI_DELIVER_JOB, {});
    await t.app.outbox.runDue();
    expect(lrs.refusals).toEqual([]);
    expect(new Set(lrs.received.map((s) => s.id))).toEqual(new Set(stored.map((s) => s.id)));
    expect(lrs.received).toHaveLength(stored.length);
    expect(await pending()).toBe(0);
    for (const statement of lrs.received) expect(xapiStatementSchema.safeParse(statement).success).toBe(true);
  });

  it("keeps retrying while the LRS is down and delivers everything once when it is back", async () => {
    await t.app.outbox.enqueue(t.db, XAPI_DELIVER_JOB, {});
    await t.app.outbox.runDue();
    const before = lrs.received.length;
    await lrs.stop();

    const w = await learnerDoesEverything();
    const waiting = await pending();
    expect(waiting).toBe(8);
    const job = await t.app.outbox.enqueue(t.db, XAPI_DELIVER_JOB, {});
    await t.app.outbox.runDue();
    const failed = (await deliveryJobs()).find((row) => row.id === job);
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed?.last_error).toBeTruthy();
    expect(Date.parse(failed?.run_at ?? "")).toBeGreaterThan(Date.now() - 1000);
    expect(await pending()).toBe(waiting);
    expect(lrs.received).toHaveLength(before);

    await new Promise((resolve) => setTimeout(resolve, 150));
    await t.app.outbox.runDue();
    expect((await deliveryJobs()).find((row) => row.id === job)).toMatchObject({ status: "pending", attempts: 2 });

    await lrs.start();
    await new Promise((resolve) => setTimeout(resolve, 250));
    await t.app.outbox.runDue();
    expect((await deliveryJobs()).find((row) => row.id === job)).toMatchObject({ status: "done", attempts: 3 });
    expect(await pending()).toBe(0);
    const ids = lrs.received.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    const learnerIds = (await mine(w.learner.auth)).map((s) => s.id);
    expect(ids.filter((id) => learnerIds.includes(id))).toHaveLength(8);
    expect(lrs.refusals).toEqual([]);
  });
});

describe("exports", () => {
  it("lets an admin download everyone's statements of a date range as a JSON file", async () => {
    const w = await learnerDoesEverything();
    const ownIds = (await mine(w.learner.auth)).map((s) => s.id);
    expect(ownIds).toHaveLength(8);
    const response = await call("GET", `/api/admin/xapi/statements?from=${today()}&to=${today()}`, admin.auth);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="xapi-statements-${today()}-to-${today()}.json"`,
    );
    const statements = response.json() as XapiStatement[];
    expect(statements.map((s) => s.id)).toEqual(expect.arrayContaining(ownIds));
    const total = await t.db.selectFrom("xapi_statements").select("id").execute();
    expect(statements).toHaveLength(total.length);
    expect([...statements].sort((a, b) => a.timestamp.localeCompare(b.timestamp))).toEqual(statements);

    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const earlier = await call("GET", `/api/admin/xapi/statements?from=2020-01-01&to=${yesterday}`, admin.auth);
    expect(earlier.statusCode).toBe(200);
    expect(earlier.json()).toEqual([]);
  });

  it("gives a learner their own statements only, and refuses them everyone's", async () => {
    const w = await learnerDoesEverything();
    const other = await learnerDoesEverything();
    const own = await mine(w.learner.auth);
    expect(own).toHaveLength(8);
    expect(new Set(own.map((s) => s.actor.account.name))).toEqual(new Set([w.learner.user.id]));
    const response = await call("GET", "/api/xapi/statements/mine", w.learner.auth);
    expect(response.headers["content-disposition"]).toBe('attachment; filename="my-xapi-statements.json"');
    expect(own.map((s) => s.id)).not.toEqual(expect.arrayContaining([(await mine(other.learner.auth))[0].id]));

    const refused = await call("GET", `/api/admin/xapi/statements?from=${today()}&to=${today()}`, w.learner.auth);
    expect(refused.statusCode).toBe(403);
    const teacher = await makeSignedInUser(t.app, t.db, "instructor");
    expect(
      (await call("GET", `/api/admin/xapi/statements?from=${today()}&to=${today()}`, teacher.auth)).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/xapi/statements/mine" })).statusCode).toBe(401);
  });

  it.each([
    ["from after to", "from=2026-11-28&to=2026-11-01", "from must not be after to"],
    ["a malformed date", "from=28.11.2026&to=2026-11-30", "from must be a date (YYYY-MM-DD)"],
    ["an impossible date", "from=2026-02-31&to=2026-03-01", "from must be a real date"],
    ["no range", "", "from"],
  ])("answers 400 with a message for %s", async (_, query, message) => {
    const response = await call("GET", `/api/admin/xapi/statements?${query}`, admin.auth);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(message);
  });
});
