import { existsSync, readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import { SESSION_MESSAGES as M, RECORDING_MAX_BYTES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeEnrolledLearner, makeRecording, makeSession, makeSignedInUser } from "./support/factories.js";
import { MP4, multipart, PDF } from "./support/multipart.js";
import { forgeSignature } from "./support/signed-urls.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "10000" } });
});
afterAll(() => t.close());

const uploadsDir = () => path.join(t.dataDir, "uploads");
/** Files in storage: finished recordings and half-written temporary ones. */
const storedFiles = () =>
  ["recordings", ".tmp"].flatMap((dir) => {
    const full = path.join(uploadsDir(), dir);
    return existsSync(full) ? readdirSync(full) : [];
  });

async function world() {
  const instructor = await makeSignedInUser(t.app, t.db, "instructor");
  const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
  const learner = await makeEnrolledLearner(t.app, t.db, course.id);
  const outsider = await makeSignedInUser(t.app, t.db, "learner");
  const session = await makeSession(t.db, { course_id: course.id, status: "completed" });
  return { instructor, course, learner, outsider, session };
}

const upload = (sessionId: string, auth: Record<string, string>, fields: Record<string, string>, content?: Buffer) => {
  const body = multipart(
    fields,
    content ? { field: "recording", filename: "class.mp4", content, type: "video/mp4" } : undefined,
  );
  return t.app.inject({
    method: "POST",
    url: `/api/recordings/upload/${sessionId}`,
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
};

describe("recording upload", () => {
  it("stores a video for the session's instructor and answers it with a signed player URL", async () => {
    const w = await world();
    const response = await upload(w.session.id, w.instructor.auth, { title: "Week 1", duration: "754" }, MP4);
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(M.recordingUploaded.text);
    const recording = response.json().data.recording;
    expect(recording).toMatchObject({
      sessionId: w.session.id,
      courseId: w.course.id,
      title: "Week 1",
      duration: 754,
      viewCount: 0,
      size: MP4.length,
      mimeType: "video/mp4",
      external: false,
      downloadUrl: `/api/sessions/recordings/${recording._id}/download`,
    });
    expect(recording.recordingUrl).toMatch(new RegExp(`^/api/recordings/${recording._id}/stream\\?expires=\\d+&sig=`));

    const session = await t.app.inject({
      method: "GET",
      url: `/api/sessions/${w.session.id}`,
      headers: w.learner.auth,
    });
    expect(session.json().data.session.hasRecording).toBe(true);
  });

  it("takes the title after the file too, and defaults it to the session's title", async () => {
    const w = await world();
    const boundary = "----after";
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="recording"; filename="a.mp4"\r\n\r\n`),
      MP4,
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nLate title\r\n--${boundary}--\r\n`,
      ),
    ]);
    const late = await t.app.inject({
      method: "POST",
      url: `/api/recordings/upload/${w.session.id}`,
      headers: { ...w.instructor.auth, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(late.json().data.recording.title).toBe("Late title");
    const untitled = await upload(w.session.id, w.instructor.auth, {}, MP4);
    expect(untitled.json().data.recording.title).toBe(w.session.title);
  });

  it("reads the length from the file when the upload names none, and stores 0 when the file does not say", async () => {
    const w = await world();
    const video = readFileSync(path.join(import.meta.dirname, "../src/seed/assets/sample-lesson.mp4"));
    const measured = await upload(w.session.id, w.instructor.auth, { title: "Spec client" }, video);
    expect(measured.statusCode).toBe(201);
    // The sample is 8.02 s long.
    expect(measured.json().data.recording.duration).toBe(8);
    const stated = await upload(w.session.id, w.instructor.auth, { duration: "30" }, video);
    expect(stated.json().data.recording.duration).toBe(30);
    const unreadable = await upload(w.session.id, w.instructor.auth, {}, MP4);
    expect(unreadable.statusCode).toBe(201);
    expect(unreadable.json().data.recording.duration).toBe(0);
  });

  it("refuses files that are not videos with 415 and keeps nothing", async () => {
    const w = await world();
    const before = storedFiles().length;
    const response = await upload(w.session.id, w.instructor.auth, { title: "Slides" }, PDF);
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(M.recordingVideoOnly.text);
    expect(storedFiles().length).toBe(before);
  });

  it("needs a file, and refuses learners and other instructors", async () => {
    const w = await world();
    const other = await makeSignedInUser(t.app, t.db, "instructor");
    const missing = await upload(w.session.id, w.instructor.auth, { title: "Nothing" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(M.recordingFileRequired.text);
    expect((await upload(w.session.id, w.learner.auth, { title: "x" }, MP4)).statusCode).toBe(403);
    expect((await upload(w.session.id, other.auth, { title: "x" }, MP4)).statusCode).toBe(403);
    expect((await upload("0123456789abcdef01234567", w.instructor.auth, { title: "x" }, MP4)).statusCode).toBe(404);
  });

  it("refuses a streamed body over 500 MB with the spec's message and leaves nothing behind", async () => {
    const w = await world();
    expect(RECORDING_MAX_BYTES).toBe(500 * 1024 * 1024);
    const before = storedFiles().length;
    const boundary = "----big";
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const chunks = RECORDING_MAX_BYTES / chunk.length + 2;
    const body = Readable.from(
      (function* () {
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nHuge\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="recording"; filename="huge.mp4"\r\n\r\n`,
        );
        yield MP4;
        for (let i = 0; i < chunks; i++) yield chunk;
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      })(),
    );
    const response = await t.app.inject({
      method: "POST",
      url: `/api/recordings/upload/${w.session.id}`,
      headers: { ...w.instructor.auth, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe("File size must be less than 500MB");
    expect(storedFiles().length).toBe(before);
    const rows = await t.db.selectFrom("recordings").select("id").where("session_id", "=", w.session.id).execute();
    expect(rows).toEqual([]);
  }, 180_000);

  it("leaves nothing behind when the client goes away mid-upload", async () => {
    const w = await world();
    const before = storedFiles().length;
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const boundary = "----aborted";
    const request = http.request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: `/api/recordings/upload/${w.session.id}`,
      headers: { ...w.instructor.auth, "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    request.on("error", () => {});
    request.write(`--${boundary}\r\nContent-Disposition: form-data; name="recording"; filename="cut.mp4"\r\n\r\n`);
    request.write(MP4);
    for (let i = 0; i < 8; i++) request.write(Buffer.alloc(256 * 1024, 1));
    const tmp = path.join(uploadsDir(), ".tmp");
    await vi.waitFor(() => expect(existsSync(tmp) && readdirSync(tmp).length > 0).toBe(true), { timeout: 5000 });
    request.destroy();
    await vi.waitFor(() => expect(storedFiles().length).toBe(before), { timeout: 5000 });
    const rows = await t.db.selectFrom("recordings").select("id").where("session_id", "=", w.session.id).execute();
    expect(rows).toEqual([]);
  });
});

describe("watching recordings", () => {
  it("streams through the signed URL with range requests, and refuses a bad or missing signature", async () => {
    const w = await world();
    const recording = (await upload(w.session.id, w.instructor.auth, { title: "Ranges" }, MP4)).json().data.recording;
    const whole = await t.app.inject({ method: "GET", url: recording.recordingUrl });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-type"]).toBe("video/mp4");
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    expect(whole.rawPayload.equals(MP4)).toBe(true);

    const part = await t.app.inject({ method: "GET", url: recording.recordingUrl, headers: { range: "bytes=4-11" } });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 4-11/${MP4.length}`);
    expect(part.rawPayload.equals(MP4.subarray(4, 12))).toBe(true);

    const tampered = forgeSignature(recording.recordingUrl);
    expect((await t.app.inject({ method: "GET", url: tampered })).statusCode).toBe(403);
    const unsigned = await t.app.inject({ method: "GET", url: `/api/recordings/${recording._id}/stream` });
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.json().message).toBe(M.invalidMediaLink.text);
  });

  it("lists a session's recordings to enrolled learners only, and everyone's own recordings", async () => {
    const w = await world();
    await upload(w.session.id, w.instructor.auth, { title: "Mine" }, MP4);
    const elsewhere = await makeRecording(t.db);
    const list = await t.app.inject({
      method: "GET",
      url: `/api/sessions/${w.session.id}/recordings`,
      headers: w.learner.auth,
    });
    expect(list.json().data.recordings.map((r: { title: string }) => r.title)).toEqual(["Mine"]);
    const refused = await t.app.inject({
      method: "GET",
      url: `/api/sessions/${w.session.id}/recordings`,
      headers: w.outsider.auth,
    });
    expect(refused.statusCode).toBe(403);

    const all = await t.app.inject({ method: "GET", url: "/api/sessions/recordings", headers: w.learner.auth });
    expect(all.json().data.recordings.map((r: { title: string }) => r.title)).toEqual(["Mine"]);
    expect(all.json().data.pagination.total).toBe(1);
    const byCourse = await t.app.inject({
      method: "GET",
      url: `/api/sessions/recordings?courseId=${w.course.id}`,
      headers: w.outsider.auth,
    });
    expect(byCourse.statusCode).toBe(403);
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    const adminList = await t.app.inject({
      method: "GET",
      url: "/api/sessions/recordings?limit=100",
      headers: admin.auth,
    });
    expect(adminList.json().data.recordings.map((r: { _id: string }) => r._id)).toContain(elsewhere.id);
  });

  it("downloads as an attachment for people who may watch it", async () => {
    const w = await world();
    const recording = (await upload(w.session.id, w.instructor.auth, { title: "Week 2" }, MP4)).json().data.recording;
    const download = await t.app.inject({ method: "GET", url: recording.downloadUrl, headers: w.learner.auth });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-disposition"]).toContain('attachment; filename="Week 2.mp4"');
    expect(download.rawPayload.equals(MP4)).toBe(true);
    expect(
      (await t.app.inject({ method: "GET", url: recording.downloadUrl, headers: w.outsider.auth })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: "GET", url: recording.downloadUrl })).statusCode).toBe(401);
  });

  it("counts a view each time it is watched", async () => {
    const w = await world();
    const recording = await makeRecording(t.db, { session_id: w.session.id });
    const view = () =>
      t.app.inject({ method: "POST", url: `/api/sessions/recordings/${recording.id}/view`, headers: w.learner.auth });
    expect((await view()).json().data.viewCount).toBe(1);
    expect((await view()).json().data.viewCount).toBe(2);
    const list = await t.app.inject({
      method: "GET",
      url: `/api/sessions/${w.session.id}/recordings`,
      headers: w.learner.auth,
    });
    expect(list.json().data.recordings[0]).toMatchObject({
      viewCount: 2,
      external: true,
      recordingUrl: recording.provider_url,
      downloadUrl: null,
    });
    const outsider = await t.app.inject({
      method: "POST",
      url: `/api/sessions/recordings/${recording.id}/view`,
      headers: w.outsider.auth,
    });
    expect(outsider.statusCode).toBe(403);
  });
});

describe("managing recordings", () => {
  it("renames, and deletes the recording with its file", async () => {
    const w = await world();
    const recording = (await upload(w.session.id, w.instructor.auth, { title: "Draft" }, MP4)).json().data.recording;
    const url = `/api/sessions/recordings/${recording._id}`;
    expect(
      (await t.app.inject({ method: "PUT", url, headers: w.learner.auth, payload: { title: "x" } })).statusCode,
    ).toBe(403);
    const empty = await t.app.inject({ method: "PUT", url, headers: w.instructor.auth, payload: {} });
    expect(empty.statusCode).toBe(400);
    // A duration past a week (the upload's own cap) is refused, not stored or overflowing the column.
    const huge = await t.app.inject({ method: "PUT", url, headers: w.instructor.auth, payload: { duration: 2 ** 31 } });
    expect(huge.statusCode).toBe(400);
    const renamed = await t.app.inject({
      method: "PUT",
      url,
      headers: w.instructor.auth,
      payload: { title: "Final", duration: 61 },
    });
    expect(renamed.json().data.recording).toMatchObject({ title: "Final", duration: 61 });

    const row = await t.db
      .selectFrom("recordings")
      .selectAll()
      .where("id", "=", recording._id)
      .executeTakeFirstOrThrow();
    const file = path.join(uploadsDir(), row.storage_key ?? "");
    expect(existsSync(file)).toBe(true);
    expect((await t.app.inject({ method: "DELETE", url, headers: w.learner.auth })).statusCode).toBe(403);
    const deleted = await t.app.inject({ method: "DELETE", url, headers: w.instructor.auth });
    expect(deleted.json().message).toBe(M.recordingDeleted.text);
    expect(existsSync(file)).toBe(false);
    expect((await t.app.inject({ method: "GET", url: recording.recordingUrl })).statusCode).toBe(404);
  });

  it("removes the recordings' files when their session is deleted", async () => {
    const w = await world();
    const recording = (await upload(w.session.id, w.instructor.auth, { title: "Gone" }, MP4)).json().data.recording;
    const row = await t.db
      .selectFrom("recordings")
      .selectAll()
      .where("id", "=", recording._id)
      .executeTakeFirstOrThrow();
    await t.app.inject({ method: "DELETE", url: `/api/sessions/${w.session.id}`, headers: w.instructor.auth });
    expect(existsSync(path.join(uploadsDir(), row.storage_key ?? ""))).toBe(false);
  });

  it("has no cloud recordings to check with the built-in Jitsi provider", async () => {
    const w = await world();
    const response = await t.app.inject({
      method: "POST",
      url: `/api/sessions/${w.session.id}/check-recordings`,
      headers: w.instructor.auth,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(M.providerNotConfigured.text);
  });
});
