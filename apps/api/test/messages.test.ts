import { CONVERSATION_MESSAGES as C, CONVERSATION_LIMITS, MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MessageChange, onMessageChange } from "../src/modules/messages/events.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeEnrolledLearner, makeSignedInUser } from "./support/factories.js";

let t: TestContext;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { OUTBOX_POLL_MS: "0", AUTH_RATE_LIMIT_MAX: "10000" } });
  admin = await makeSignedInUser(t.app, t.db, "admin");
});
afterAll(() => t.close());

type Auth = Record<string, string>;
type Method = "GET" | "POST" | "PUT";
const call = (method: Method, url: string, auth: Auth, payload?: object) =>
  t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

/** A course with its instructor, three enrolled learners, and people from elsewhere. */
async function school() {
  const teacher = await makeSignedInUser(t.app, t.db, "instructor");
  const course = await makeCourse(t.db, { instructor_id: teacher.user.id });
  const ann = await makeEnrolledLearner(t.app, t.db, course.id);
  const bob = await makeEnrolledLearner(t.app, t.db, course.id);
  const cid = await makeEnrolledLearner(t.app, t.db, course.id);
  const otherTeacher = await makeSignedInUser(t.app, t.db, "instructor");
  const elsewhere = await makeCourse(t.db, { instructor_id: otherTeacher.user.id });
  const outsider = await makeEnrolledLearner(t.app, t.db, elsewhere.id);
  return { teacher, course, ann, bob, cid, otherTeacher, elsewhere, outsider };
}

async function send(auth: Auth, fields: object) {
  const response = await call("POST", "/api/messages/conversations", auth, {
    subject: "About the homework",
    body: "<p>Hello</p>",
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { conversationIds: string[]; recipients: number };
}

const list = async (auth: Auth, query = "") =>
  (await call("GET", `/api/messages/conversations${query}`, auth)).json().data as {
    conversations: { _id: string; subject: string; unread: boolean; with: { _id: string; name: string }[] }[];
    pagination: { total: number; pages: number };
    unreadCount: number;
  };
const unread = async (auth: Auth) =>
  (await call("GET", "/api/messages/unread", auth)).json().data.unreadCount as number;
const open = (auth: Auth, id: string) => call("GET", `/api/messages/conversations/${id}`, auth);
const reply = (auth: Auth, id: string, body: string) =>
  call("POST", `/api/messages/conversations/${id}/messages`, auth, { body });
const notifications = async (auth: Auth) =>
  (await call("GET", "/api/notifications", auth)).json().data.notifications as {
    kind: string;
    title: string;
    link: string;
  }[];

describe("conversations between a learner and the course's teachers", () => {
  it("lets a learner write to the instructor, who reads and answers privately; unread counts follow", async () => {
    const { teacher, course, ann } = await school();
    const { conversationIds } = await send(ann.auth, { courseId: course.id, recipientIds: [teacher.user.id] });
    expect(conversationIds).toHaveLength(1);
    const [id] = conversationIds;
    expect(await unread(teacher.auth)).toBe(1);
    expect(await unread(ann.auth)).toBe(0);
    const inbox = await list(teacher.auth);
    expect(inbox.conversations[0]).toMatchObject({ _id: id, subject: "About the homework", unread: true });
    expect(inbox.conversations[0].with.map((p) => p._id)).toEqual([ann.user.id]);

    const opened = await open(teacher.auth, id);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data.conversation.messages.map((m: { body: string }) => m.body)).toEqual(["<p>Hello</p>"]);
    expect(await unread(teacher.auth)).toBe(0);

    const answer = await reply(teacher.auth, id, "<p>Page 12</p>");
    expect(answer.statusCode).toBe(201);
    expect(answer.json().message).toBe(C.replied.text);
    expect(await unread(ann.auth)).toBe(1);
    const seen = (await open(ann.auth, id)).json().data.conversation;
    expect(seen.messages.map((m: { body: string; mine: boolean }) => [m.body, m.mine])).toEqual([
      ["<p>Hello</p>", true],
      ["<p>Page 12</p>", false],
    ]);
    expect(seen.with).toEqual([{ _id: teacher.user.id, name: teacher.user.name, teacher: true }]);
  });

  it("lets a teacher message the whole course: one private conversation each, learners never see each other", async () => {
    const { teacher, course, ann, bob, cid } = await school();
    const response = await call("POST", "/api/messages/conversations", teacher.auth, {
      courseId: course.id,
      wholeCourse: true,
      subject: "Exam on Friday",
      body: "<p>Bring a pen</p>",
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(C.sentToMany.text);
    expect(response.json().data.recipients).toBe(3);
    for (const learner of [ann, bob, cid]) {
      const inbox = await list(learner.auth);
      expect(inbox.conversations).toHaveLength(1);
      expect(inbox.conversations[0].with.map((p) => p._id)).toEqual([teacher.user.id]);
      const id = inbox.conversations[0]._id;
      const participants = (await open(learner.auth, id)).json().data.conversation.participants;
      expect(participants.map((p: { _id: string }) => p._id).sort()).toEqual([learner.user.id, teacher.user.id].sort());
    }
    const annId = (await list(ann.auth)).conversations[0]._id;
    await reply(ann.auth, annId, "<p>Which room?</p>");
    const bobId = (await list(bob.auth)).conversations[0]._id;
    const bobView = (await open(bob.auth, bobId)).json().data.conversation;
    expect(bobView.messages).toHaveLength(1);
    expect((await open(bob.auth, annId)).statusCode).toBe(404);
    const teacherInbox = await list(teacher.auth);
    expect(teacherInbox.pagination.total).toBe(3);
    expect(teacherInbox.conversations[0]._id).toBe(annId);
    expect(teacherInbox.unreadCount).toBe(1);
  });

  it("lets a teacher message a chosen group of learners, each privately", async () => {
    const { teacher, course, ann, bob, cid } = await school();
    const sent = await send(teacher.auth, { courseId: course.id, recipientIds: [ann.user.id, bob.user.id] });
    expect(sent.recipients).toBe(2);
    expect((await list(ann.auth)).conversations).toHaveLength(1);
    expect((await list(bob.auth)).conversations).toHaveLength(1);
    expect((await list(cid.auth)).conversations).toHaveLength(0);
  });
});

describe("who may message whom", () => {
  it("refuses learner-to-learner messages with a 403 until the course turns them on, and lists only allowed recipients", async () => {
    const { teacher, course, ann, bob } = await school();
    const refused = await call("POST", "/api/messages/conversations", ann.auth, {
      courseId: course.id,
      recipientIds: [bob.user.id],
      subject: "Hi",
      body: "<p>Hi</p>",
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(C.learnerMessagesOff.text);
    const before = (await call("GET", `/api/courses/${course.id}/message-recipients`, ann.auth)).json().data;
    expect(before.course.learnerMessages).toBe(false);
    expect(before.recipients.map((p: { _id: string }) => p._id)).toEqual([teacher.user.id]);

    for (const who of [ann, bob]) {
      const denied = await call("PUT", `/api/courses/${course.id}/message-settings`, who.auth, {
        learnerMessages: true,
      });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().message).toBe(MESSAGES.notYourCourse.text);
    }
    const on = await call("PUT", `/api/courses/${course.id}/message-settings`, teacher.auth, { learnerMessages: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().message).toBe(C.settingsSaved.text);
    const after = (await call("GET", `/api/courses/${course.id}/message-recipients`, ann.auth)).json().data;
    expect(after.recipients).toHaveLength(3);
    const { conversationIds } = await send(ann.auth, { courseId: course.id, recipientIds: [bob.user.id] });
    expect((await open(bob.auth, conversationIds[0])).statusCode).toBe(200);
  });

  it("keeps the whole-course message to teachers, and recipients to people of the course", async () => {
    const { teacher, course, ann, outsider, otherTeacher } = await school();
    const whole = await call("POST", "/api/messages/conversations", ann.auth, {
      courseId: course.id,
      wholeCourse: true,
      subject: "Hi all",
      body: "<p>Hi</p>",
    });
    expect(whole.statusCode).toBe(403);
    expect(whole.json().message).toBe(C.wholeCourseTeachersOnly.text);
    for (const [who, recipient] of [
      [teacher, outsider.user.id],
      [teacher, otherTeacher.user.id],
      [ann, otherTeacher.user.id],
      [ann, ann.user.id],
      [teacher, "0123456789abcdef01234567"],
    ] as const) {
      const response = await call("POST", "/api/messages/conversations", who.auth, {
        courseId: course.id,
        recipientIds: [recipient],
        subject: "Hi",
        body: "<p>Hi</p>",
      });
      expect(response.statusCode, recipient).toBe(400);
      expect(response.json().errors).toEqual([
        expect.objectContaining({ path: "recipientIds", msg: C.notARecipient.text }),
      ]);
    }
  });

  it("refuses a learner and a teacher of another course with 403 not enrolled, and strangers' conversations with 404", async () => {
    const { teacher, course, ann, outsider, otherTeacher } = await school();
    const { conversationIds } = await send(ann.auth, { courseId: course.id, recipientIds: [teacher.user.id] });
    const id = conversationIds[0];
    for (const who of [outsider, otherTeacher]) {
      for (const [method, url, payload] of [
        [
          "POST",
          "/api/messages/conversations",
          { courseId: course.id, recipientIds: [teacher.user.id], subject: "Hi", body: "<p>Hi</p>" },
        ],
        ["GET", `/api/courses/${course.id}/message-recipients`, undefined],
      ] as const) {
        const response = await call(method, url, who.auth, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().message).toBe(MESSAGES.notEnrolled.text);
      }
      const settings = await call("PUT", `/api/courses/${course.id}/message-settings`, who.auth, {
        learnerMessages: true,
      });
      expect(settings.statusCode).toBe(403);
    }
    // Anyone not in the conversation, an admin included, is told it does not exist.
    for (const who of [outsider, otherTeacher, admin]) {
      for (const response of [
        await open(who.auth, id),
        await reply(who.auth, id, "<p>Hi</p>"),
        await call("POST", `/api/messages/conversations/${id}/reports`, who.auth, { reason: "spam" }),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe(C.conversationNotFound.text);
      }
      expect((await list(who.auth)).conversations.map((c) => c._id)).not.toContain(id);
    }
    expect((await call("GET", "/api/messages/conversations", {})).statusCode).toBe(401);
    const missing = await call("POST", "/api/messages/conversations", ann.auth, {
      courseId: "0123456789abcdef01234567",
      recipientIds: [teacher.user.id],
      subject: "Hi",
      body: "<p>Hi</p>",
    });
    expect(missing.statusCode).toBe(404);
  });

  it("lets an admin, who manages every course, message its learners and change its setting", async () => {
    const { course, ann } = await school();
    await send(admin.auth, { courseId: course.id, recipientIds: [ann.user.id] });
    expect((await list(ann.auth)).conversations[0].with.map((p) => p._id)).toEqual([admin.user.id]);
    const on = await call("PUT", `/api/courses/${course.id}/message-settings`, admin.auth, { learnerMessages: true });
    expect(on.statusCode).toBe(200);
  });

  it("lists the courses one may write in, marking the ones one teaches", async () => {
    const { teacher, course, ann } = await school();
    const mine = (await call("GET", "/api/messages/courses", teacher.auth)).json().data.courses;
    expect(mine).toEqual([{ _id: course.id, title: course.title, teacher: true, learnerMessages: false }]);
    const learning = (await call("GET", "/api/messages/courses", ann.auth)).json().data.courses;
    expect(learning).toEqual([{ _id: course.id, title: course.title, teacher: false, learnerMessages: false }]);
  });
});

describe("message bodies", () => {
  it("sanitises hostile markup and refuses empty or too long bodies and subjects with field errors", async () => {
    const { teacher, course, ann } = await school();
    const { conversationIds } = await send(ann.auth, {
      courseId: course.id,
      recipientIds: [teacher.user.id],
      body: '<p onclick="steal()">Hi <script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">bad</a></p>',
    });
    const html = (await open(teacher.auth, conversationIds[0])).json().data.conversation.messages[0].body as string;
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|<img/i);
    expect(html).toContain("Hi");

    const base = { courseId: course.id, recipientIds: [teacher.user.id], subject: "Hi" };
    for (const [payload, field, message] of [
      [{ ...base, body: "" }, "body", C.bodyRequired.text],
      [{ ...base, body: "<script>alert(1)</script>" }, "body", C.bodyRequired.text],
      [{ ...base, body: "x".repeat(CONVERSATION_LIMITS.bodyMax + 1) }, "body", C.bodyTooLong.text],
      [{ ...base, subject: " ", body: "<p>Hi</p>" }, "subject", C.subjectRequired.text],
      [
        { ...base, subject: "s".repeat(CONVERSATION_LIMITS.subjectMax + 1), body: "<p>Hi</p>" },
        "subject",
        C.subjectTooLong.text,
      ],
      [{ courseId: course.id, subject: "Hi", body: "<p>Hi</p>" }, "recipientIds", C.recipientsRequired.text],
    ] as const) {
      const response = await call("POST", "/api/messages/conversations", ann.auth, payload);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().errors).toEqual([expect.objectContaining({ path: field, msg: message })]);
    }
    for (const body of ["", "<script>x</script>", "x".repeat(CONVERSATION_LIMITS.bodyMax + 1)]) {
      const response = await reply(ann.auth, conversationIds[0], body);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].path).toBe("body");
    }
    expect((await open(teacher.auth, conversationIds[0])).json().data.conversation.messages).toHaveLength(1);
  });
});

describe("the inbox", () => {
  it("pages newest activity first and searches subjects, bodies and participant names", async () => {
    const { teacher, course, ann, bob } = await school();
    await t.db.updateTable("users").set({ name: "Bob Quixote" }).where("id", "=", bob.user.id).execute();
    const first = await send(teacher.auth, { courseId: course.id, recipientIds: [ann.user.id], subject: "Alpha" });
    await send(teacher.auth, {
      courseId: course.id,
      recipientIds: [bob.user.id],
      subject: "Beta",
      body: "<p>zebra</p>",
    });
    await send(teacher.auth, { courseId: course.id, recipientIds: [bob.user.id], subject: "Gamma" });
    const page1 = await list(teacher.auth, "?limit=2&page=1");
    expect(page1.conversations.map((c) => c.subject)).toEqual(["Gamma", "Beta"]);
    expect(page1.pagination).toMatchObject({ total: 3, pages: 2 });
    expect((await list(teacher.auth, "?limit=2&page=2")).conversations.map((c) => c.subject)).toEqual(["Alpha"]);
    await reply(ann.auth, first.conversationIds[0], "<p>Thanks</p>");
    expect((await list(teacher.auth)).conversations.map((c) => c.subject)).toEqual(["Alpha", "Gamma", "Beta"]);

    expect((await list(teacher.auth, "?search=alph")).conversations.map((c) => c.subject)).toEqual(["Alpha"]);
    expect((await list(teacher.auth, "?search=ZEBRA")).conversations.map((c) => c.subject)).toEqual(["Beta"]);
    const byName = await list(teacher.auth, "?search=quixote");
    expect(byName.conversations.map((c) => c.subject)).toEqual(["Gamma", "Beta"]);
    expect((await list(ann.auth, "?search=zebra")).conversations).toEqual([]);
    const tooLong = await call("GET", `/api/messages/conversations?search=${"x".repeat(101)}`, teacher.auth);
    expect(tooLong.statusCode).toBe(400);
  });
});

describe("notifications", () => {
  it("notifies each recipient in-app and by e-mail, never the sender, and respects e-mail preferences", async () => {
    const { teacher, course, ann, bob } = await school();
    const preferences = (await call("GET", "/api/users/me/preferences", bob.auth)).json().data.preferences;
    await call("PUT", "/api/users/me/preferences", bob.auth, {
      ...preferences,
      notifications: { ...preferences.notifications, email: false },
    });
    const { conversationIds } = await send(teacher.auth, {
      courseId: course.id,
      recipientIds: [ann.user.id],
      subject: "Feedback",
    });
    expect(await notifications(ann.auth)).toEqual([
      expect.objectContaining({
        kind: "message",
        title: `New message from ${teacher.user.name}`,
        link: `/messages/${conversationIds[0]}`,
      }),
    ]);
    expect(await notifications(teacher.auth)).toEqual([]);
    await reply(ann.auth, conversationIds[0], "<p>Thank you</p>");
    expect((await notifications(teacher.auth)).map((n) => n.kind)).toEqual(["message"]);
    expect(await notifications(ann.auth)).toHaveLength(1);

    await send(teacher.auth, { courseId: course.id, recipientIds: [bob.user.id] });
    expect((await notifications(bob.auth)).map((n) => n.kind)).toEqual(["message"]);
    await t.app.outbox.runDue();
    const mailsTo = (email: string) => t.mails.filter((mail) => mail.to === email).map((mail) => mail.subject);
    expect(mailsTo(ann.user.email)).toEqual([`New message from ${teacher.user.name}`]);
    expect(mailsTo(teacher.user.email)).toEqual([`New message from ${ann.user.name}`]);
    expect(mailsTo(bob.user.email)).toEqual([]);
  });
});

describe("reports and admins", () => {
  it("lets a participant report once with a reason; admins list reported conversations and read only those, each read logged", async () => {
    const { teacher, course, ann, bob } = await school();
    const reportedOne = (await send(teacher.auth, { courseId: course.id, recipientIds: [ann.user.id] }))
      .conversationIds[0];
    const quiet = (await send(teacher.auth, { courseId: course.id, recipientIds: [bob.user.id] })).conversationIds[0];
    const url = `/api/messages/conversations/${reportedOne}/reports`;
    const noReason = await call("POST", url, ann.auth, { reason: " " });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0]).toMatchObject({ path: "reason", msg: C.reasonRequired.text });
    const report = await call("POST", url, ann.auth, { reason: "Rude words" });
    expect(report.statusCode).toBe(201);
    expect(report.json().message).toBe(C.reported.text);
    expect((await call("POST", url, ann.auth, { reason: "Again" })).statusCode).toBe(409);
    expect((await open(ann.auth, reportedOne)).json().data.conversation.reported).toBe(true);

    for (const who of [ann, teacher]) {
      expect((await call("GET", "/api/admin/messages/reports", who.auth)).statusCode).toBe(403);
      expect((await call("GET", `/api/admin/messages/conversations/${reportedOne}`, who.auth)).statusCode).toBe(403);
    }
    const reports = (await call("GET", "/api/admin/messages/reports", admin.auth)).json().data;
    const listed = reports.conversations.find((c: { _id: string }) => c._id === reportedOne);
    expect(listed.reports).toEqual([
      expect.objectContaining({ reporter: { _id: ann.user.id, name: ann.user.name }, reason: "Rude words" }),
    ]);
    expect(reports.conversations.map((c: { _id: string }) => c._id)).not.toContain(quiet);

    const superAdmin = await makeSignedInUser(t.app, t.db, "super_admin");
    const bySuperAdmin = await call("GET", `/api/admin/messages/conversations/${reportedOne}`, superAdmin.auth);
    expect(bySuperAdmin.statusCode).toBe(200);
    expect((await call("GET", `/api/admin/messages/conversations/${quiet}`, superAdmin.auth)).statusCode).toBe(404);

    const notReported = await call("GET", `/api/admin/messages/conversations/${quiet}`, admin.auth);
    expect(notReported.statusCode).toBe(404);
    const read = await call("GET", `/api/admin/messages/conversations/${reportedOne}`, admin.auth);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.conversation.messages.map((m: { body: string }) => m.body)).toEqual(["<p>Hello</p>"]);

    const trail = await t.db
      .selectFrom("activities")
      .select(["user_id", "type", "metadata", "created_at"])
      .where("type", "=", "admin_action")
      .where("user_id", "=", admin.user.id)
      .execute();
    const reads = trail.filter((row) => JSON.parse(row.metadata ?? "{}").action === "reported_conversation_read");
    expect(reads).toHaveLength(1);
    expect(JSON.parse(reads[0].metadata ?? "{}")).toMatchObject({ conversationId: reportedOne });
    expect(reads[0].created_at).toBeTruthy();
    // Reading it as an admin does not mark it read for its participants, nor add the admin to it.
    expect((await list(admin.auth)).conversations.map((c) => c._id)).not.toContain(reportedOne);
  });
});

describe("the live layer's hook", () => {
  it("announces each committed message, read and report to the conversation's participants", async () => {
    const { teacher, course, ann } = await school();
    const changes: MessageChange[] = [];
    const stop = onMessageChange((change) => changes.push(change));
    try {
      const { conversationIds } = await send(ann.auth, { courseId: course.id, recipientIds: [teacher.user.id] });
      const id = conversationIds[0];
      await open(teacher.auth, id);
      await reply(teacher.auth, id, "<p>Yes</p>");
      await call("POST", `/api/messages/conversations/${id}/reports`, ann.auth, { reason: "Test" });
      await reply(ann.auth, id, "");
      const both = [ann.user.id, teacher.user.id].sort();
      expect(changes.map((c) => [c.conversationId, c.change, [...c.participantIds].sort()])).toEqual([
        [id, "message", both],
        [id, "read", [teacher.user.id]],
        [id, "message", both],
        [id, "report", both],
      ]);
    } finally {
      stop();
    }
  });
});
