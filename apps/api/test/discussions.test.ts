import { DISCUSSION_MESSAGES as D, DISCUSSION_EDIT_WINDOW_MINUTES, MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeEnrolledLearner, makeSignedInUser } from "./support/factories.js";

let t: TestContext;
/** The app's clock: tests move it forward to pass the edit window. */
let offsetMs = 0;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({
    env: { OUTBOX_POLL_MS: "0", AUTH_RATE_LIMIT_MAX: "10000" },
    now: () => new Date(Date.now() + offsetMs),
  });
  admin = await makeSignedInUser(t.app, t.db, "admin");
});
afterAll(() => t.close());

type Auth = Record<string, string>;
type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, auth: Auth, payload?: object) =>
  t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

/** A course with its instructor, two enrolled learners, and people from elsewhere. */
async function forum() {
  const teacher = await makeSignedInUser(t.app, t.db, "instructor");
  const course = await makeCourse(t.db, { instructor_id: teacher.user.id });
  const asker = await makeEnrolledLearner(t.app, t.db, course.id);
  const other = await makeEnrolledLearner(t.app, t.db, course.id);
  const elsewhere = await makeCourse(t.db);
  const outsider = await makeEnrolledLearner(t.app, t.db, elsewhere.id);
  const otherTeacher = await makeSignedInUser(t.app, t.db, "instructor");
  await t.db
    .updateTable("courses")
    .set({ instructor_id: otherTeacher.user.id })
    .where("id", "=", elsewhere.id)
    .execute();
  const base = `/api/courses/${course.id}/discussions`;
  return { teacher, course, asker, other, outsider, otherTeacher, base };
}

async function startThread(base: string, auth: Auth, fields: object = {}) {
  const response = await call("POST", base, auth, {
    title: "How do loops work?",
    body: "<p>Please explain</p>",
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.thread as { _id: string };
}

async function replyTo(base: string, threadId: string, auth: Auth, body = "<p>An answer</p>", parentId?: string) {
  const response = await call("POST", `${base}/${threadId}/replies`, auth, { body, ...(parentId ? { parentId } : {}) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.reply as { _id: string };
}

const inbox = async (auth: Auth) =>
  (await call("GET", "/api/notifications", auth)).json().data.notifications as {
    kind: string;
    title: string;
    link: string;
  }[];

describe("who takes part in a course's discussions", () => {
  it("lets the course's managers and enrolled learners read and write, and refuses everyone else with not enrolled", async () => {
    const { teacher, asker, outsider, otherTeacher, base } = await forum();
    const thread = await startThread(base, asker.auth);
    for (const who of [teacher, asker, admin]) {
      expect((await call("GET", base, who.auth)).statusCode).toBe(200);
      expect((await call("GET", `${base}/${thread._id}`, who.auth)).statusCode).toBe(200);
      await replyTo(base, thread._id, who.auth);
    }
    for (const who of [outsider, otherTeacher]) {
      for (const [method, url, payload] of [
        ["GET", base, undefined],
        ["GET", `${base}/unread`, undefined],
        ["POST", base, { title: "Hi", body: "<p>Hi</p>" }],
        ["GET", `${base}/${thread._id}`, undefined],
        ["POST", `${base}/${thread._id}/replies`, { body: "<p>Hi</p>" }],
        ["POST", `${base}/${thread._id}/reports`, {}],
        ["PUT", `${base}/${thread._id}/subscription`, undefined],
      ] as const) {
        const response = await call(method, url, who.auth, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().message).toBe(MESSAGES.notEnrolled.text);
      }
    }
    expect((await call("GET", base, {})).statusCode).toBe(401);
  });

  it("keeps moderation to the course's managers", async () => {
    const { teacher, asker, other, otherTeacher, base, course } = await forum();
    const thread = await startThread(base, asker.auth);
    const moderation = [
      ["PUT", `${base}/${thread._id}/pinned`, { value: true }],
      ["PUT", `${base}/${thread._id}/locked`, { value: true }],
      ["GET", `/api/courses/${course.id}/discussion-reports`, undefined],
      ["PUT", `/api/courses/${course.id}/discussion-subscription`, undefined],
      ["PUT", `/api/courses/${course.id}/discussion-settings`, { postBeforeView: true }],
    ] as const;
    for (const [method, url, payload] of moderation) {
      expect((await call(method, url, asker.auth, payload)).statusCode, `learner ${url}`).toBe(403);
      expect((await call(method, url, other.auth, payload)).statusCode, `learner ${url}`).toBe(403);
      expect((await call(method, url, otherTeacher.auth, payload)).statusCode, `other teacher ${url}`).toBe(403);
      expect((await call(method, url, teacher.auth, payload)).statusCode, `teacher ${url}`).toBe(200);
      expect((await call(method, url, admin.auth, payload)).statusCode, `admin ${url}`).toBe(200);
    }
  });

  it("answers 404 for a thread of another course and a course that does not exist", async () => {
    const { asker, base } = await forum();
    const elsewhere = await forum();
    const foreign = await startThread(elsewhere.base, elsewhere.asker.auth);
    const response = await call("GET", `${base}/${foreign._id}`, asker.auth);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(D.threadNotFound.text);
    expect((await call("GET", "/api/courses/0123456789abcdef01234567/discussions", asker.auth)).statusCode).toBe(404);
  });
});

describe("threads and replies", () => {
  it("sanitises hostile markup: no script can run, links get rel nofollow noopener", async () => {
    const { asker, other, base } = await forum();
    const hostile =
      '<p onclick="steal()">Hi <script>alert(1)</script><img src=x onerror="alert(2)">' +
      '<a href="javascript:alert(3)">bad</a> <a href="https://example.org" rel="opener">good</a>' +
      '<iframe src="https://evil.test"></iframe><style>body{}</style></p>';
    const thread = await startThread(base, asker.auth, { body: hostile });
    const reply = await replyTo(base, thread._id, other.auth, hostile);
    const view = (await call("GET", `${base}/${thread._id}`, asker.auth)).json().data;
    for (const html of [view.thread.body, view.replies.find((r: { _id: string }) => r._id === reply._id).body]) {
      expect(html).not.toMatch(/script|onerror|onclick|javascript:|iframe|style|<img/i);
      expect(html).toMatch(
        /<a href="https:\/\/example.org" rel="noopener noreferrer nofollow" target="_blank">good<\/a>/,
      );
      expect(html).toMatch(/<a target="_blank" rel="noopener noreferrer nofollow">bad<\/a>/);
    }
    const empty = await call("POST", base, asker.auth, { title: "Nothing", body: "<script>alert(1)</script>" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(D.bodyRequired.text);
    const noTitle = await call("POST", base, asker.auth, { title: " ", body: "<p>x</p>" });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toBe(D.titleRequired.text);
  });

  it("lists pinned threads first, then by newest activity, a page at a time, and searches title and body", async () => {
    const { teacher, asker, other, base } = await forum();
    const first = await startThread(base, asker.auth, { title: "First about arrays", body: "<p>100% sure</p>" });
    const second = await startThread(base, other.auth, { title: "Second", body: "<p>about recursion</p>" });
    const third = await startThread(base, asker.auth, { title: "Third", body: "<p>plain</p>" });
    await replyTo(base, first._id, other.auth);
    const ids = async (query = "") =>
      (await call("GET", `${base}${query}`, asker.auth)).json().data.threads.map((th: { _id: string }) => th._id);
    expect(await ids()).toEqual([first._id, third._id, second._id]);
    expect((await call("PUT", `${base}/${second._id}/pinned`, teacher.auth, { value: true })).statusCode).toBe(200);
    expect(await ids()).toEqual([second._id, first._id, third._id]);
    const page = (await call("GET", `${base}?page=2&limit=2`, asker.auth)).json().data;
    expect(page.threads.map((th: { _id: string }) => th._id)).toEqual([third._id]);
    expect(page.pagination).toEqual({ page: 2, limit: 2, total: 3, pages: 2 });
    expect(await ids("?search=RECURSION")).toEqual([second._id]);
    expect(await ids("?search=arrays")).toEqual([first._id]);
    expect(await ids("?search=100%25")).toEqual([first._id]);
    expect(await ids("?search=%25")).toEqual([first._id]);
    expect(await ids("?search=_")).toEqual([]);
    expect((await call("GET", `${base}?search=${"x".repeat(101)}`, asker.auth)).statusCode).toBe(400);
  });

  it("allows one level of nesting", async () => {
    const { asker, other, base } = await forum();
    const thread = await startThread(base, asker.auth);
    const reply = await replyTo(base, thread._id, other.auth);
    const answer = await replyTo(base, thread._id, asker.auth, "<p>Thanks</p>", reply._id);
    const deeper = await call("POST", `${base}/${thread._id}/replies`, other.auth, {
      body: "<p>x</p>",
      parentId: answer._id,
    });
    expect(deeper.statusCode).toBe(400);
    expect(deeper.json().message).toBe(D.replyTooDeep.text);
    const view = (await call("GET", `${base}/${thread._id}`, asker.auth)).json().data;
    expect(view.replies.map((r: { parentId: string | null }) => r.parentId)).toEqual([null, reply._id]);
    expect(view.thread.replyCount).toBe(2);
  });

  it("lets the author edit within the edit window only; managers edit their own posts at any time", async () => {
    const { teacher, asker, other, base } = await forum();
    const thread = await startThread(base, asker.auth);
    const reply = await replyTo(base, thread._id, asker.auth);
    const notice = await replyTo(base, thread._id, teacher.auth, "<p>Teacher note</p>");
    const edit = (id: string, auth: Auth) =>
      call("PUT", `${base}/${thread._id}/replies/${id}`, auth, { body: "<p>Edited</p>" });
    const byOther = await edit(reply._id, other.auth);
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().message).toBe(D.notAuthor.text);
    expect((await edit(reply._id, teacher.auth)).statusCode).toBe(403);
    const edited = await edit(reply._id, asker.auth);
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.reply).toMatchObject({ body: "<p>Edited</p>", canEdit: true });
    expect(edited.json().data.reply.editedAt).not.toBeNull();
    const renamed = await call("PUT", `${base}/${thread._id}`, asker.auth, { title: "Renamed" });
    expect(renamed.json().data.thread.title).toBe("Renamed");

    offsetMs = (DISCUSSION_EDIT_WINDOW_MINUTES + 1) * 60_000;
    try {
      const late = await edit(reply._id, asker.auth);
      expect(late.statusCode).toBe(403);
      expect(late.json().message).toBe(D.editWindowOver.text);
      expect((await call("PUT", `${base}/${thread._id}`, asker.auth, { title: "Too late" })).statusCode).toBe(403);
      expect((await edit(notice._id, teacher.auth)).statusCode).toBe(200);
      const view = (await call("GET", `${base}/${thread._id}`, asker.auth)).json().data;
      expect(view.thread.canEdit).toBe(false);
    } finally {
      offsetMs = 0;
    }
  });

  it("lets the author delete their reply, refuses other learners, and lets managers delete any post", async () => {
    const { teacher, asker, other, base } = await forum();
    const thread = await startThread(base, asker.auth);
    const mine = await replyTo(base, thread._id, other.auth);
    const theirs = await replyTo(base, thread._id, other.auth);
    const answer = await replyTo(base, thread._id, asker.auth, "<p>nested</p>", theirs._id);
    const refused = await call("DELETE", `${base}/${thread._id}/replies/${mine._id}`, asker.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(D.notAuthorOrManager.text);
    expect((await call("DELETE", `${base}/${thread._id}/replies/${mine._id}`, other.auth)).statusCode).toBe(200);
    expect((await call("DELETE", `${base}/${thread._id}/replies/${theirs._id}`, teacher.auth)).statusCode).toBe(200);
    const view = (await call("GET", `${base}/${thread._id}`, asker.auth)).json().data;
    expect(view.replies).toEqual([]);
    expect(view.thread.replyCount).toBe(0);
    expect((await call("DELETE", `${base}/${thread._id}/replies/${answer._id}`, asker.auth)).statusCode).toBe(404);
    expect((await call("DELETE", `${base}/${thread._id}`, other.auth)).statusCode).toBe(403);
    expect((await call("DELETE", `${base}/${thread._id}`, admin.auth)).statusCode).toBe(200);
    expect((await call("GET", `${base}/${thread._id}`, asker.auth)).statusCode).toBe(404);
  });

  it("refuses replies to a locked thread with 409 until it is unlocked", async () => {
    const { teacher, asker, base } = await forum();
    const thread = await startThread(base, asker.auth);
    const locked = await call("PUT", `${base}/${thread._id}/locked`, teacher.auth, { value: true });
    expect(locked.json().data.thread.locked).toBe(true);
    const refused = await call("POST", `${base}/${thread._id}/replies`, asker.auth, { body: "<p>Hi</p>" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(D.threadLocked.text);
    expect((await call("POST", `${base}/${thread._id}/replies`, teacher.auth, { body: "<p>Hi</p>" })).statusCode).toBe(
      409,
    );
    await call("PUT", `${base}/${thread._id}/locked`, teacher.auth, { value: false });
    await replyTo(base, thread._id, asker.auth);
  });

  it("writes discussion_post and discussion_reply activity entries", async () => {
    const { asker, other, base, course } = await forum();
    const thread = await startThread(base, asker.auth);
    await replyTo(base, thread._id, other.auth);
    const entries = await t.db
      .selectFrom("activities")
      .select(["user_id", "type", "course_id"])
      .where("course_id", "=", course.id)
      .where("type", "in", ["discussion_post", "discussion_reply"])
      .orderBy("created_at")
      .execute();
    expect(entries).toEqual([
      { user_id: asker.user.id, type: "discussion_post", course_id: course.id },
      { user_id: other.user.id, type: "discussion_reply", course_id: course.id },
    ]);
  });
});

describe("Q&A threads", () => {
  it("lets the asker or a manager accept an answer and change it; nobody else; only in Q&A threads", async () => {
    const { teacher, asker, other, base } = await forum();
    const question = await startThread(base, asker.auth, { type: "question" });
    const a = await replyTo(base, question._id, other.auth);
    const b = await replyTo(base, question._id, teacher.auth);
    const accept = (auth: Auth, postId: string | null) =>
      call("PUT", `${base}/${question._id}/accepted`, auth, { postId });
    const refused = await accept(other.auth, a._id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(D.notAsker.text);
    const accepted = await accept(asker.auth, a._id);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.thread).toMatchObject({ acceptedPostId: a._id, answered: true });
    expect(accepted.json().data.replies.map((r: { accepted: boolean }) => r.accepted)).toEqual([true, false]);
    expect((await accept(teacher.auth, b._id)).json().data.thread.acceptedPostId).toBe(b._id);
    expect((await accept(asker.auth, null)).json().data.thread.acceptedPostId).toBeNull();
    expect((await accept(asker.auth, "0123456789abcdef01234567")).statusCode).toBe(404);
    const plain = await startThread(base, asker.auth);
    const reply = await replyTo(base, plain._id, other.auth);
    const notQuestion = await call("PUT", `${base}/${plain._id}/accepted`, asker.auth, { postId: reply._id });
    expect(notQuestion.statusCode).toBe(409);
    expect(notQuestion.json().message).toBe(D.notAQuestion.text);
    await accept(asker.auth, a._id);
    await call("DELETE", `${base}/${question._id}/replies/${a._id}`, other.auth);
    expect((await call("GET", `${base}/${question._id}`, asker.auth)).json().data.thread.acceptedPostId).toBeNull();
  });

  it("with post-before-view on, hides other learners' answers from a learner until they answer", async () => {
    const { teacher, asker, other, base, course } = await forum();
    const third = await makeEnrolledLearner(t.app, t.db, course.id);
    const question = await startThread(base, asker.auth, { type: "question" });
    const fromLearner = await replyTo(base, question._id, other.auth);
    const fromTeacher = await replyTo(base, question._id, teacher.auth);
    const seen = async (auth: Auth) => {
      const data = (await call("GET", `${base}/${question._id}`, auth)).json().data;
      return { ids: data.replies.map((r: { _id: string }) => r._id), hidden: data.hiddenReplies };
    };
    expect(await seen(third.auth)).toEqual({ ids: [fromLearner._id, fromTeacher._id], hidden: 0 });
    const saved = await call("PUT", `/api/courses/${course.id}/discussion-settings`, teacher.auth, {
      postBeforeView: true,
    });
    expect(saved.json().data.settings).toEqual({ postBeforeView: true });
    expect((await call("GET", base, third.auth)).json().data.settings).toEqual({ postBeforeView: true });
    expect(await seen(third.auth)).toEqual({ ids: [fromTeacher._id], hidden: 1 });
    expect(await seen(asker.auth)).toEqual({ ids: [fromLearner._id, fromTeacher._id], hidden: 0 });
    expect(await seen(teacher.auth)).toEqual({ ids: [fromLearner._id, fromTeacher._id], hidden: 0 });
    const own = await replyTo(base, question._id, third.auth);
    expect(await seen(third.auth)).toEqual({ ids: [fromLearner._id, fromTeacher._id, own._id], hidden: 0 });
    const plain = await startThread(base, asker.auth);
    await replyTo(base, plain._id, other.auth);
    expect((await call("GET", `${base}/${plain._id}`, third.auth)).json().data.hiddenReplies).toBe(0);
  });
});

describe("reports", () => {
  it("lets a learner report a post once; managers list and dismiss reports", async () => {
    const { teacher, asker, other, base, course } = await forum();
    const thread = await startThread(base, asker.auth);
    const reply = await replyTo(base, thread._id, asker.auth, "<p>Rude &amp; wrong</p>");
    const report = (auth: Auth, payload: object) => call("POST", `${base}/${thread._id}/reports`, auth, payload);
    const made = await report(other.auth, { postId: reply._id, reason: "Rude" });
    expect(made.statusCode).toBe(201);
    expect(made.json().message).toBe(D.reported.text);
    const twice = await report(other.auth, { postId: reply._id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(D.alreadyReported.text);
    expect((await report(other.auth, {})).statusCode).toBe(201);
    const own = await report(asker.auth, { postId: reply._id });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(D.ownPost.text);
    const reportsUrl = `/api/courses/${course.id}/discussion-reports`;
    const listed = (await call("GET", reportsUrl, teacher.auth)).json().data.reports;
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({
      threadId: thread._id,
      postId: reply._id,
      excerpt: "Rude & wrong",
      reason: "Rude",
      postAuthor: { _id: asker.user.id },
      reporter: { _id: other.user.id },
    });
    expect(listed[1]).toMatchObject({ postId: null, excerpt: "Please explain" });
    const dismiss = (id: string) => call("POST", `${reportsUrl}/${id}/dismiss`, teacher.auth);
    expect((await dismiss(listed[0]._id)).statusCode).toBe(200);
    expect((await dismiss(listed[0]._id)).statusCode).toBe(409);
    expect(
      (await call("GET", reportsUrl, teacher.auth)).json().data.reports.map((r: { _id: string }) => r._id),
    ).toEqual([listed[1]._id]);
    const elsewhere = await forum();
    expect((await call("POST", `${reportsUrl}/${listed[1]._id}/dismiss`, elsewhere.teacher.auth)).statusCode).toBe(403);
    expect(
      (
        await call(
          "POST",
          `/api/courses/${elsewhere.course.id}/discussion-reports/${listed[1]._id}/dismiss`,
          elsewhere.teacher.auth,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe("subscriptions and notifications", () => {
  it("notifies the author and repliers of new replies, never of their own, in-app and by e-mail", async () => {
    const { asker, other, teacher, base, course } = await forum();
    const thread = await startThread(base, asker.auth);
    await replyTo(base, thread._id, other.auth);
    expect((await inbox(asker.auth)).map((n) => n.kind)).toEqual(["discussion_reply"]);
    expect(await inbox(other.auth)).toEqual([]);
    expect((await inbox(asker.auth))[0]).toMatchObject({
      title: 'New reply in "How do loops work?"',
      link: `/courses/${course.id}?tab=discussions&thread=${thread._id}`,
    });
    await replyTo(base, thread._id, asker.auth);
    expect(await inbox(other.auth)).toHaveLength(1);
    expect(await inbox(asker.auth)).toHaveLength(1);
    expect(await inbox(teacher.auth)).toEqual([]);
    await t.app.outbox.runDue();
    const mailsTo = (email: string) => t.mails.filter((mail) => mail.to === email).map((mail) => mail.subject);
    expect(mailsTo(asker.user.email)).toEqual(['New reply in "How do loops work?"']);
    expect(mailsTo(other.user.email)).toEqual(['New reply in "How do loops work?"']);
  });

  it("sends no e-mail to a subscriber who turned e-mail notifications off, and none after unsubscribing", async () => {
    const { asker, other, base } = await forum();
    const preferences = (await call("GET", "/api/users/me/preferences", asker.auth)).json().data.preferences;
    await call("PUT", "/api/users/me/preferences", asker.auth, {
      ...preferences,
      notifications: { ...preferences.notifications, email: false },
    });
    const thread = await startThread(base, asker.auth);
    await replyTo(base, thread._id, other.auth);
    await t.app.outbox.runDue();
    expect(await inbox(asker.auth)).toHaveLength(1);
    expect(t.mails.filter((mail) => mail.to === asker.user.email)).toEqual([]);
    const off = await call("DELETE", `${base}/${thread._id}/subscription`, asker.auth);
    expect(off.json().message).toBe(D.unsubscribed.text);
    expect((await call("GET", `${base}/${thread._id}`, asker.auth)).json().data.thread.subscribed).toBe(false);
    await replyTo(base, thread._id, other.auth);
    expect(await inbox(asker.auth)).toHaveLength(1);
    await call("PUT", `${base}/${thread._id}/subscription`, asker.auth);
    await replyTo(base, thread._id, other.auth);
    expect(await inbox(asker.auth)).toHaveLength(2);
  });

  it("lets a manager subscribe to the whole course, one notification row per subscriber and reply", async () => {
    const { teacher, asker, other, base, course } = await forum();
    const on = await call("PUT", `/api/courses/${course.id}/discussion-subscription`, teacher.auth);
    expect(on.json().message).toBe(D.courseSubscribed.text);
    expect((await call("GET", base, teacher.auth)).json().data.courseSubscribed).toBe(true);
    const thread = await startThread(base, asker.auth);
    expect((await inbox(teacher.auth)).map((n) => n.title)).toEqual([`New discussion in ${course.title}`]);
    await replyTo(base, thread._id, other.auth);
    expect(await inbox(teacher.auth)).toHaveLength(2);
    const rows = await t.db
      .selectFrom("notification_recipients as r")
      .innerJoin("notifications as n", "n.id", "r.notification_id")
      .where("n.kind", "=", "discussion_reply")
      .where("r.user_id", "in", [teacher.user.id, asker.user.id, other.user.id])
      .select(["r.user_id"])
      .execute();
    expect(rows.map((row) => row.user_id).sort()).toEqual([teacher.user.id, teacher.user.id, asker.user.id].sort());
    await call("DELETE", `/api/courses/${course.id}/discussion-subscription`, teacher.auth);
    await startThread(base, asker.auth);
    expect(await inbox(teacher.auth)).toHaveLength(2);
  });

  it("stops notifying a learner who left the course", async () => {
    const { asker, other, base, course } = await forum();
    const thread = await startThread(base, asker.auth);
    await t.db
      .deleteFrom("enrollments")
      .where("user_id", "=", asker.user.id)
      .where("course_id", "=", course.id)
      .execute();
    await replyTo(base, thread._id, other.auth);
    expect(await inbox(asker.auth)).toEqual([]);
  });
});

describe("unread threads", () => {
  it("counts threads with activity the user has not seen, and opening one marks it read", async () => {
    const { asker, other, base } = await forum();
    const unread = async (auth: Auth) => (await call("GET", `${base}/unread`, auth)).json().data.unreadCount;
    const thread = await startThread(base, asker.auth);
    await startThread(base, asker.auth, { title: "Another" });
    expect(await unread(asker.auth)).toBe(0);
    expect(await unread(other.auth)).toBe(2);
    const list = (await call("GET", base, other.auth)).json().data;
    expect(list.unreadCount).toBe(2);
    expect(list.threads.map((th: { unread: boolean }) => th.unread)).toEqual([true, true]);
    await call("GET", `${base}/${thread._id}`, other.auth);
    expect(await unread(other.auth)).toBe(1);
    await replyTo(base, thread._id, other.auth);
    expect(await unread(other.auth)).toBe(1);
    expect(await unread(asker.auth)).toBe(1);
  });
});
