import { SESSION_MESSAGES as M } from "@lms/contract";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { bbbChecksumOf, splitBbbUrl, startBbbServer } from "./support/bbb-server.js";
import { makeCourse, makeEnrolledLearner, makeSignedInUser } from "./support/factories.js";
import { MP4 } from "./support/multipart.js";

const SECRET = "bbb-shared-secret-0123456789";
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();

describe.each(["sha1", "sha256"] as const)("BigBlueButton with %s checksums", (algorithm) => {
  let bbb: Awaited<ReturnType<typeof startBbbServer>>;
  let t: TestContext;
  beforeAll(async () => {
    bbb = await startBbbServer(SECRET, algorithm);
    t = await createTestApp({ env: { ...bbb.env, AUTH_RATE_LIMIT_MAX: "10000" } });
  });
  afterAll(async () => {
    await t.close();
    await bbb.close();
  });

  async function liveSession() {
    const instructor = await makeSignedInUser(t.app, t.db, "instructor");
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const created = await t.app.inject({
      method: "POST",
      url: "/api/sessions",
      headers: instructor.auth,
      payload: { courseId: course.id, title: "BBB class", scheduledAt: hoursFromNow(24) },
    });
    const id = created.json().data.session._id as string;
    const row = await t.db.selectFrom("sessions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    return { instructor, learner, id, meetingID: row.meeting_id ?? "" };
  }

  it("creates the meeting on start and hands out checksummed join links: moderator for the host, viewer for learners", async () => {
    const s = await liveSession();
    expect(bbb.meetings.has(s.meetingID)).toBe(false);

    const start = await t.app.inject({
      method: "POST",
      url: `/api/sessions/${s.id}/start`,
      headers: s.instructor.auth,
      payload: { early: true },
    });
    expect(start.statusCode).toBe(200);
    const meeting = bbb.meetings.get(s.meetingID);
    expect(meeting).toMatchObject({ name: "BBB class", running: true });
    expect(meeting?.params.get("record")).toBe("true");
    expect(meeting?.params.get("meta_endCallbackUrl")).toMatch(
      new RegExp(`^http://lms\\.test/api/sessions/bbb/meeting-ended\\?sessionId=${s.id}&signature=`),
    );
    expect(meeting?.params.get("meta_bbb-recording-ready-url")).toBe(
      "http://lms.test/api/sessions/bbb/recording-ready",
    );

    const host = splitBbbUrl(start.json().data.joinUrl);
    expect(start.json().data.joinUrl.startsWith(`${bbb.base}/api/join?`)).toBe(true);
    expect(host.call).toBe("join");
    expect(host.checksum).toBe(bbbChecksumOf(algorithm, "join", host.query, SECRET));
    expect(host.params.get("role")).toBe("MODERATOR");
    expect(host.params.get("password")).toBe(meeting?.moderatorPW);
    expect(host.params.get("meetingID")).toBe(s.meetingID);

    const join = await t.app.inject({ method: "POST", url: `/api/sessions/${s.id}/join`, headers: s.learner.auth });
    const viewer = splitBbbUrl(join.json().data.joinUrl);
    expect(viewer.checksum).toBe(bbbChecksumOf(algorithm, "join", viewer.query, SECRET));
    expect(viewer.params.get("role")).toBe("VIEWER");
    expect(viewer.params.get("password")).toBe(meeting?.attendeePW);
    expect(viewer.params.get("userID")).toBe(s.learner.user.id);
    expect(viewer.params.get("fullName")).toBe(s.learner.user.name);
    expect(join.body).not.toContain(meeting?.moderatorPW);
  });

  it("ends the meeting with the session", async () => {
    const s = await liveSession();
    await t.app.inject({
      method: "POST",
      url: `/api/sessions/${s.id}/start`,
      headers: s.instructor.auth,
      payload: { early: true },
    });
    const ended = await t.app.inject({ method: "POST", url: `/api/sessions/${s.id}/end`, headers: s.instructor.auth });
    expect(ended.statusCode).toBe(200);
    expect(bbb.meetings.get(s.meetingID)?.running).toBe(false);
    expect(bbb.calls.at(-1)?.call).toBe("end");
  });

  it("completes the session from BigBlueButton's meeting-ended callback, refusing a forged one", async () => {
    const s = await liveSession();
    await t.app.inject({
      method: "POST",
      url: `/api/sessions/${s.id}/start`,
      headers: s.instructor.auth,
      payload: { early: true },
    });
    const callback = new URL(bbb.meetings.get(s.meetingID)?.params.get("meta_endCallbackUrl") ?? "");
    const forged = await t.app.inject({
      method: "GET",
      url: `${callback.pathname}?sessionId=${s.id}&signature=forged&meetingID=${s.meetingID}`,
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe(M.invalidSignature.text);

    const called = await t.app.inject({
      method: "GET",
      url: `${callback.pathname}${callback.search}&meetingID=${s.meetingID}&recordingmarks=false`,
    });
    expect(called.statusCode).toBe(200);
    const session = await t.app.inject({ method: "GET", url: `/api/sessions/${s.id}`, headers: s.learner.auth });
    expect(session.json().data.session.status).toBe("completed");
  });

  it("imports a recording when BigBlueButton says it is ready (JWT signed with the shared secret)", async () => {
    const s = await liveSession();
    await t.app.inject({
      method: "POST",
      url: `/api/sessions/${s.id}/start`,
      headers: s.instructor.auth,
      payload: { early: true },
    });
    const recordID = `rec-${s.meetingID}`;
    bbb.addRecording({
      recordID,
      meetingID: s.meetingID,
      name: "BBB class",
      startTime: Date.parse("2030-01-01T10:00:00Z"),
      endTime: Date.parse("2030-01-01T10:20:05Z"),
      video: MP4,
    });
    const post = (token: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/sessions/bbb/recording-ready",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({ signed_parameters: token }).toString(),
      });
    const sign = (key: string) =>
      new SignJWT({ meeting_id: s.meetingID, record_id: recordID })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .sign(new TextEncoder().encode(key));

    expect((await post(await sign("wrong-secret"))).statusCode).toBe(401);
    expect((await post(await sign(SECRET))).statusCode).toBe(200);
    await vi.waitFor(async () => {
      const list = await t.app.inject({
        method: "GET",
        url: `/api/sessions/${s.id}/recordings`,
        headers: s.learner.auth,
      });
      expect(list.json().data.recordings).toEqual([
        expect.objectContaining({ title: "BBB class", duration: 1205, external: false, mimeType: "video/mp4" }),
      ]);
    });
  });

  it("checks for recordings, linking one without a video file to its playback page", async () => {
    const s = await liveSession();
    await t.app.inject({
      method: "POST",
      url: `/api/sessions/${s.id}/start`,
      headers: s.instructor.auth,
      payload: { early: true },
    });
    bbb.addRecording({
      recordID: `slides-${s.meetingID}`,
      meetingID: s.meetingID,
      name: "Slides only",
      startTime: Date.parse("2030-01-02T10:00:00Z"),
      endTime: Date.parse("2030-01-02T10:01:00Z"),
      video: null,
    });
    const available = await t.app.inject({
      method: "GET",
      url: `/api/sessions/zoom/${s.id}/recordings`,
      headers: s.instructor.auth,
    });
    expect(available.json().data.recordings).toEqual([
      expect.objectContaining({ id: `slides-${s.meetingID}`, downloadable: false, imported: false }),
    ]);
    const check = await t.app.inject({
      method: "POST",
      url: `/api/sessions/${s.id}/check-recordings`,
      headers: s.instructor.auth,
    });
    expect(check.json().data.imported).toBe(1);
    expect(check.json().data.recordings[0]).toMatchObject({
      external: true,
      recordingUrl: expect.stringContaining(`/playback/presentation/2.3/slides-${s.meetingID}`),
      downloadUrl: null,
    });
  });
});
