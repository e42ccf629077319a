import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { SESSION_MESSAGES as M } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeEnrolledLearner, makeSession, makeSignedInUser } from "./support/factories.js";
import { MP4 } from "./support/multipart.js";
import { startZoomServer } from "./support/zoom-server.js";

const WEBHOOK_SECRET = "zoom-webhook-secret-token";
let zoom: Awaited<ReturnType<typeof startZoomServer>>;
let t: TestContext;
beforeAll(async () => {
  zoom = await startZoomServer({ accountId: "acc-1", clientId: "client-1", clientSecret: "client-secret-1" });
  t = await createTestApp({ env: { ...zoom.env, ZOOM_WEBHOOK_SECRET: WEBHOOK_SECRET, AUTH_RATE_LIMIT_MAX: "10000" } });
});
afterAll(async () => {
  await t.close();
  await zoom.close();
});

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();

async function world() {
  const instructor = await makeSignedInUser(t.app, t.db, "instructor");
  const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
  const learner = await makeEnrolledLearner(t.app, t.db, course.id);
  return { instructor, course, learner };
}

async function scheduled(w: Awaited<ReturnType<typeof world>>, title = "Zoom class") {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/sessions",
    headers: w.instructor.auth,
    payload: { courseId: w.course.id, title, scheduledAt: hoursFromNow(24), duration: 45, timezone: "Asia/Tokyo" },
  });
  expect(response.statusCode).toBe(201);
  const id = response.json().data.session._id as string;
  const row = await t.db.selectFrom("sessions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  return { id, meetingId: Number(row.meeting_id), body: response.body };
}

const signedWebhook = (body: unknown, options: { secret?: string; timestamp?: number } = {}) => {
  const raw = JSON.stringify(body);
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const signature = `v0=${createHmac("sha256", options.secret ?? WEBHOOK_SECRET)
    .update(`v0:${timestamp}:${raw}`)
    .digest("hex")}`;
  return t.app.inject({
    method: "POST",
    url: "/api/sessions/zoom/webhook",
    headers: { "content-type": "application/json", "x-zm-signature": signature, "x-zm-request-timestamp": timestamp },
    payload: raw,
  });
};

describe("Zoom (Server-to-Server OAuth)", () => {
  it("creates the meeting with an account token when a session is scheduled, and updates it when moved", async () => {
    const w = await world();
    const { id, meetingId, body } = await scheduled(w);
    const meeting = zoom.meetings.get(meetingId);
    expect(meeting).toMatchObject({ topic: "Zoom class", duration: 45, timezone: "Asia/Tokyo" });
    expect(meeting?.start_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(meeting?.settings).toMatchObject({ approval_type: 0, auto_recording: "cloud" });
    expect(body).not.toContain("zoom.test");
    expect(JSON.parse(body).data.session.provider).toBe("zoom");

    const newStart = hoursFromNow(50);
    await t.app.inject({
      method: "PUT",
      url: `/api/sessions/${id}`,
      headers: w.instructor.auth,
      payload: { scheduledAt: newStart, title: "Zoom class, moved" },
    });
    expect(zoom.meetings.get(meetingId)?.topic).toBe("Zoom class, moved");
    expect(Date.parse(zoom.meetings.get(meetingId)?.start_time ?? "")).toBe(
      Math.floor(Date.parse(newStart) / 1000) * 1000,
    );
  });

  it("keeps one token for many calls and renews it once when Zoom rejects it", async () => {
    const w = await world();
    const before = zoom.tokensIssued();
    await scheduled(w);
    await scheduled(w);
    expect(zoom.tokensIssued()).toBe(Math.max(before, 1));
    zoom.expireToken();
    await scheduled(w);
    expect(zoom.tokensIssued()).toBe(Math.max(before, 1) + 1);
  });

  it("gives the instructor Zoom's start link and each learner their own registrant link", async () => {
    const w = await world();
    const other = await makeEnrolledLearner(t.app, t.db, w.course.id);
    const { id, meetingId } = await scheduled(w);
    const start = await t.app.inject({
      method: "POST",
      url: `/api/sessions/${id}/start`,
      headers: w.instructor.auth,
      payload: { early: true },
    });
    expect(start.json().data.joinUrl).toMatch(new RegExp(`^https://zoom.test/s/${meetingId}\\?zak=host-`));

    const join = (auth: Record<string, string>) =>
      t.app.inject({ method: "POST", url: `/api/sessions/${id}/join`, headers: auth });
    const mine = (await join(w.learner.auth)).json().data;
    const theirs = (await join(other.auth)).json().data;
    expect(mine.role).toBe("attendee");
    expect(mine.joinUrl).toBe(
      `https://zoom.test/w/${meetingId}?tk=${Buffer.from(w.learner.user.email).toString("base64url")}`,
    );
    expect(theirs.joinUrl).not.toBe(mine.joinUrl);
    const registrant = zoom.calls.filter((c) => c.path.endsWith("/registrants")).at(-1);
    expect(registrant?.body).toMatchObject({ email: other.user.email, first_name: "Test", last_name: "User" });

    const list = await t.app.inject({
      method: "GET",
      url: `/api/sessions?courseId=${w.course.id}`,
      headers: w.instructor.auth,
    });
    expect(list.body).not.toContain("zoom.test");
  });

  it("ends the Zoom meeting with the session and deletes it with the session", async () => {
    const w = await world();
    const { id, meetingId } = await scheduled(w);
    await t.app.inject({
      method: "POST",
      url: `/api/sessions/${id}/start`,
      headers: w.instructor.auth,
      payload: { early: true },
    });
    await t.app.inject({ method: "POST", url: `/api/sessions/${id}/end`, headers: w.instructor.auth });
    expect(zoom.meetings.get(meetingId)?.ended).toBe(true);

    const second = await scheduled(w);
    await t.app.inject({ method: "DELETE", url: `/api/sessions/${second.id}`, headers: w.instructor.auth });
    expect(zoom.meetings.has(second.meetingId)).toBe(false);
  });

  it("answers 502 and saves nothing when Zoom fails", async () => {
    const w = await world();
    zoom.failNextCalls(1);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/sessions",
      headers: w.instructor.auth,
      payload: { courseId: w.course.id, title: "Doomed", scheduledAt: hoursFromNow(24) },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe(M.meetingFailed.text);
    const rows = await t.db.selectFrom("sessions").select("id").where("course_id", "=", w.course.id).execute();
    expect(rows).toEqual([]);
  });

  it("offers the meeting calls of the integration on a session", async () => {
    const w = await world();
    const session = await makeSession(t.db, { course_id: w.course.id });
    const created = await t.app.inject({
      method: "POST",
      url: "/api/sessions/zoom/create",
      headers: w.instructor.auth,
      payload: { sessionId: session.id },
    });
    expect(created.statusCode).toBe(200);
    const { meeting } = created.json().data;
    expect(meeting).toEqual({ sessionId: session.id, provider: "zoom", meetingId: expect.stringMatching(/^\d+$/) });
    expect(zoom.meetings.get(Number(meeting.meetingId))?.topic).toBe(session.title);

    await t.db.updateTable("sessions").set({ title: "Synced title" }).where("id", "=", session.id).execute();
    const synced = await t.app.inject({
      method: "PUT",
      url: `/api/sessions/zoom/${session.id}`,
      headers: w.instructor.auth,
    });
    expect(synced.statusCode).toBe(200);
    expect(zoom.meetings.get(Number(meeting.meetingId))?.topic).toBe("Synced title");

    const none = await t.app.inject({
      method: "GET",
      url: `/api/sessions/zoom/${session.id}/recordings`,
      headers: w.instructor.auth,
    });
    expect(none.json().data.recordings).toEqual([]);

    const learnerTry = await t.app.inject({
      method: "DELETE",
      url: `/api/sessions/zoom/${session.id}`,
      headers: w.learner.auth,
    });
    expect(learnerTry.statusCode).toBe(403);
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/sessions/zoom/${session.id}`,
      headers: w.instructor.auth,
    });
    expect(deleted.statusCode).toBe(200);
    expect(zoom.meetings.has(Number(meeting.meetingId))).toBe(false);
    const again = await t.app.inject({
      method: "DELETE",
      url: `/api/sessions/zoom/${session.id}`,
      headers: w.instructor.auth,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.noMeeting.text);
  });

  it("lists and imports the cloud recordings once, downloading them with the account token", async () => {
    const w = await world();
    const { id, meetingId } = await scheduled(w);
    zoom.addRecording(meetingId, {
      id: "file-mp4-1",
      file_type: "MP4",
      file_size: MP4.length,
      recording_start: "2030-01-01T10:00:00Z",
      recording_end: "2030-01-01T10:45:30Z",
      recording_type: "shared_screen_with_speaker_view",
      status: "completed",
      content: MP4,
    });
    zoom.addRecording(meetingId, {
      id: "file-m4a-1",
      file_type: "M4A",
      file_size: 10,
      recording_start: "2030-01-01T10:00:00Z",
      recording_end: "2030-01-01T10:45:30Z",
      recording_type: "audio_only",
      status: "completed",
      content: Buffer.from("audio"),
    });
    const available = await t.app.inject({
      method: "GET",
      url: `/api/sessions/zoom/${id}/recordings`,
      headers: w.instructor.auth,
    });
    expect(available.json().data.recordings).toEqual([
      expect.objectContaining({ id: "file-mp4-1", duration: 2730, downloadable: true, imported: false }),
    ]);

    const check = await t.app.inject({
      method: "POST",
      url: `/api/sessions/${id}/check-recordings`,
      headers: w.instructor.auth,
    });
    expect(check.statusCode).toBe(200);
    expect(check.json().data.imported).toBe(1);
    const [recording] = check.json().data.recordings;
    expect(recording).toMatchObject({ duration: 2730, external: false, mimeType: "video/mp4", size: MP4.length });
    const stream = await t.app.inject({ method: "GET", url: recording.recordingUrl });
    expect(stream.rawPayload.equals(MP4)).toBe(true);

    const again = await t.app.inject({
      method: "POST",
      url: `/api/sessions/${id}/download-recording`,
      headers: w.instructor.auth,
      payload: { recordingId: "file-mp4-1" },
    });
    expect(again.json().data).toMatchObject({
      imported: 0,
      recordings: [expect.objectContaining({ _id: recording._id })],
    });
  });
});

describe("Zoom webhooks", () => {
  it("answers the endpoint URL validation challenge", async () => {
    const response = await signedWebhook({ event: "endpoint.url_validation", payload: { plainToken: "plain-123" } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      plainToken: "plain-123",
      encryptedToken: createHmac("sha256", WEBHOOK_SECRET).update("plain-123").digest("hex"),
    });
  });

  it("refuses a missing, wrong or stale signature", async () => {
    const event = { event: "meeting.ended", payload: { object: { id: 1 } } };
    const missing = await t.app.inject({ method: "POST", url: "/api/sessions/zoom/webhook", payload: event });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(M.missingSignature.text);
    const wrong = await signedWebhook(event, { secret: "not-the-secret" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(M.invalidSignature.text);
    const stale = await signedWebhook(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale.statusCode).toBe(401);
  });

  it("completes the session when the meeting ends and imports the recording when it is ready", async () => {
    const w = await world();
    const { id, meetingId } = await scheduled(w);
    await t.app.inject({
      method: "POST",
      url: `/api/sessions/${id}/start`,
      headers: w.instructor.auth,
      payload: { early: true },
    });
    await t.app.inject({ method: "POST", url: `/api/sessions/${id}/join`, headers: w.learner.auth });

    const ended = await signedWebhook({
      event: "meeting.ended",
      event_ts: Date.now(),
      payload: { account_id: "acc-1", object: { id: meetingId, uuid: `uuid-${meetingId}==`, topic: "Zoom class" } },
    });
    expect(ended.statusCode).toBe(200);
    const session = await t.app.inject({ method: "GET", url: `/api/sessions/${id}`, headers: w.learner.auth });
    expect(session.json().data.session).toMatchObject({ status: "completed", displayStatus: "ended" });

    zoom.addRecording(meetingId, {
      id: `file-${meetingId}`,
      file_type: "MP4",
      file_size: MP4.length,
      recording_start: "2030-01-01T10:00:00Z",
      recording_end: "2030-01-01T10:30:00Z",
      recording_type: "active_speaker",
      status: "completed",
      content: MP4,
    });
    const ready = await signedWebhook({
      event: "recording.completed",
      event_ts: Date.now(),
      payload: { account_id: "acc-1", object: zoom.recordingEvent(meetingId), download_token: "dl-token" },
    });
    expect(ready.statusCode).toBe(200);
    await vi.waitFor(async () => {
      const list = await t.app.inject({
        method: "GET",
        url: `/api/sessions/${id}/recordings`,
        headers: w.learner.auth,
      });
      expect(list.json().data.recordings).toHaveLength(1);
    });
  });

  it("downloads a webhook's recording only from Zoom's hosts: the token never goes to another one", async () => {
    const elsewhere: { url?: string; authorization?: string }[] = [];
    const other = http.createServer((req, res) => {
      elsewhere.push({ url: req.url, authorization: req.headers.authorization });
      res.writeHead(200, { "content-type": "video/mp4" });
      res.end(MP4);
    });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    const otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    try {
      const w = await world();
      const { id, meetingId } = await scheduled(w);
      for (const fileId of ["allowed", "elsewhere", "redirected"].map((name) => `${name}-${meetingId}`)) {
        zoom.addRecording(meetingId, {
          id: fileId,
          file_type: "MP4",
          file_size: MP4.length,
          recording_start: "2030-01-01T10:00:00Z",
          recording_end: "2030-01-01T10:30:00Z",
          recording_type: "active_speaker",
          status: "completed",
          content: MP4,
        });
      }
      zoom.redirectDownload(`redirected-${meetingId}`, `${otherOrigin}/rec/redirected`);
      const event = zoom.recordingEvent(meetingId);
      const elsewhereFile = event.recording_files.find((f) => f.id === `elsewhere-${meetingId}`);
      if (!elsewhereFile) throw new Error("no such file");
      elsewhereFile.download_url = `${otherOrigin}/rec/download/${elsewhereFile.id}`;

      const ready = await signedWebhook({
        event: "recording.completed",
        event_ts: Date.now(),
        payload: { account_id: "acc-1", object: event, download_token: "dl-token" },
      });
      expect(ready.statusCode).toBe(200);
      const recordings = await vi.waitFor(async () => {
        const list = await t.app.inject({
          method: "GET",
          url: `/api/sessions/${id}/recordings`,
          headers: w.learner.auth,
        });
        expect(list.json().data.recordings).toHaveLength(3);
        return list.json().data.recordings as { title: string; external: boolean }[];
      });
      // The allowed host's file is copied; the other two are only linked to Zoom's playback page.
      expect(recordings.filter((r) => !r.external)).toHaveLength(1);
      expect(zoom.calls.some((c) => c.path === `/rec/download/allowed-${meetingId}`)).toBe(true);
      expect(zoom.calls.some((c) => c.path === `/rec/download/redirected-${meetingId}`)).toBe(true);
      expect(elsewhere).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });
});
