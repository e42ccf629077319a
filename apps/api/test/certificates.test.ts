import { CERTIFICATE_ID_PATTERN, CERTIFICATE_MESSAGES } from "@lms/contract";
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, type JSONWebKeySet, jwtVerify } from "jose";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueCertificates } from "../src/modules/certificates/issue.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeEnrolledLearner, makeLesson, makeLessonFile, makeSignedInUser } from "./support/factories.js";

type Auth = Record<string, string>;
let t: TestContext;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { OUTBOX_POLL_MS: "0", AUTH_RATE_LIMIT_MAX: "1000" } });
  admin = await makeSignedInUser(t.app, t.db, "admin");
});
afterAll(() => t.close());

const get = (url: string, auth: Auth = {}) => t.app.inject({ method: "GET", url, headers: auth });
const post = (url: string, auth: Auth, payload: object = {}) =>
  t.app.inject({ method: "POST", url, headers: auth, payload });

/** A one-lesson, one-file course taught by a named instructor, and a learner enrolled in it. */
async function courseWithLearner(learnerName = "Zoë Ångström-Łukasz") {
  const teacher = await makeSignedInUser(t.app, t.db, "instructor");
  await t.db.updateTable("users").set({ name: "Ada Teacher" }).where("id", "=", teacher.user.id).execute();
  const course = await makeCourse(t.db, { instructor_id: teacher.user.id, title: `Certified ${Date.now()}` });
  const lesson = await makeLesson(t.db, { course_id: course.id });
  const file = await makeLessonFile(t.db, { lesson_id: lesson.id });
  const learner = await makeEnrolledLearner(t.app, t.db, course.id);
  await t.db.updateTable("users").set({ name: learnerName }).where("id", "=", learner.user.id).execute();
  const complete = () =>
    post(`/api/courses/${course.id}/lessons/${lesson.id}/progress`, learner.auth, { fileId: file.id });
  return { teacher, course, learner, complete };
}

/** Completes the course and answers the learner's certificate. */
async function certified(learnerName?: string) {
  const setup = await courseWithLearner(learnerName);
  expect((await setup.complete()).statusCode).toBe(200);
  const mine = await get("/api/certificates/mine", setup.learner.auth);
  const certificate = mine.json().data.certificates[0] as { _id: string; verificationUrl: string };
  return { ...setup, certificate };
}

const certificateRows = (userId: string) =>
  t.db.selectFrom("certificates").selectAll().where("user_id", "=", userId).execute();

async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(body), useSystemFonts: false }).promise;
  const page = await pdf.getPage(1);
  const content = await page.getTextContent();
  return content.items.map((item) => ("str" in item ? item.str : "")).join(" ");
}

describe("issuing", () => {
  it("issues one certificate when a learner completes a course, however many requests race to complete it", async () => {
    const { course, learner, complete } = await courseWithLearner();
    const answers = await Promise.all(Array.from({ length: 8 }, () => complete()));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));

    const rows = await certificateRows(learner.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ course_id: course.id, learner_name: "Zoë Ångström-Łukasz" });
    expect(rows[0].instructor_name).toBe("Ada Teacher");
    expect(rows[0].id).toMatch(CERTIFICATE_ID_PATTERN);
    const activities = await t.db
      .selectFrom("activities")
      .selectAll()
      .where("user_id", "=", learner.user.id)
      .where("type", "=", "certificate_earned")
      .execute();
    expect(activities).toHaveLength(1);
    expect(activities[0].course_id).toBe(course.id);
    const inbox = (await get("/api/notifications", learner.auth)).json().data.notifications as { kind: string }[];
    expect(inbox.filter((notification) => notification.kind === "certificate")).toHaveLength(1);

    // Completing again (a retry, another view) issues nothing more.
    expect((await complete()).statusCode).toBe(200);
    expect(await certificateRows(learner.user.id)).toHaveLength(1);
  });

  it("issues one even when two processes' completions both reach the issuing step at once (the unique key decides)", async () => {
    const { course, learner } = await courseWithLearner();
    const stamp = new Date().toISOString();
    await Promise.all(
      [0, 1].map(() =>
        t.db.transaction().execute((trx) => issueCertificates(trx, course.id, [learner.user.id], stamp)),
      ),
    );
    expect(await certificateRows(learner.user.id)).toHaveLength(1);
    const earned = await t.db
      .selectFrom("activities")
      .select("id")
      .where("user_id", "=", learner.user.id)
      .where("type", "=", "certificate_earned")
      .execute();
    expect(earned).toHaveLength(1);
    const inbox = (await get("/api/notifications", learner.auth)).json().data.notifications as { kind: string }[];
    expect(inbox.filter((notification) => notification.kind === "certificate")).toHaveLength(1);
  });

  it("e-mails the certificate notification unless the learner turned e-mail notifications off, and dates the PDF in the learner's zone", async () => {
    const first = await certified();
    await t.app.outbox.runDue();
    expect(t.mails.some((mail) => mail.to === first.learner.user.email && /certificate/i.test(mail.subject))).toBe(
      true,
    );

    const second = await courseWithLearner();
    const prefs = await t.app.inject({
      method: "PUT",
      url: "/api/users/me/preferences",
      headers: second.learner.auth,
      payload: {
        notifications: { email: false, push: false, inApp: true },
        language: "en",
        timezone: "Asia/Tokyo",
        theme: "system",
        compactMode: false,
        profileVisibility: "public",
      },
    });
    expect(prefs.statusCode, prefs.body).toBe(200);
    await second.complete();
    await t.app.outbox.runDue();
    expect(t.mails.some((mail) => mail.to === second.learner.user.email)).toBe(false);
    const [row] = await certificateRows(second.learner.user.id);
    const pdf = await get(`/api/certificates/${row.id}/pdf`, second.learner.auth);
    expect(await pdfText(pdf.rawPayload)).toContain("(Asia/Tokyo)");
  });
});

describe("downloads", () => {
  it("gives the PDF with the learner, course, instructor, id and verification address to the learner and admins only", async () => {
    const { learner, certificate } = await certified();
    const row = (await certificateRows(learner.user.id))[0];
    const pdf = await get(`/api/certificates/${certificate._id}/pdf`, learner.auth);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain("Zoë Ångström-Łukasz");
    expect(text).toContain(row.course_title);
    expect(text).toContain("Ada Teacher");
    expect(text).toContain(certificate._id);
    expect(text).toContain(`http://lms.test/certificates/${certificate._id}`);
    expect(text).toContain("(UTC)");

    expect((await get(`/api/certificates/${certificate._id}/pdf`, admin.auth)).statusCode).toBe(200);
    const other = await makeSignedInUser(t.app, t.db, "learner");
    const refused = await get(`/api/certificates/${certificate._id}/pdf`, other.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CERTIFICATE_MESSAGES.notYours.text);
    const teacher = await makeSignedInUser(t.app, t.db, "instructor");
    expect((await get(`/api/certificates/${certificate._id}/credential`, teacher.auth)).statusCode).toBe(403);
    expect((await get(`/api/certificates/${certificate._id}/pdf`)).statusCode).toBe(401);
  });

  it("answers a clear 404 for an unknown id and 400 for a malformed one", async () => {
    const unknown = await get("/api/certificates/aaaaaaaaaaaaaaaaaaaaaaaaaa/verification");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(CERTIFICATE_MESSAGES.notFound.text);
    const malformed = await get("/api/certificates/1/verification");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(CERTIFICATE_MESSAGES.invalidId.text);
  });
});

describe("public verification", () => {
  it("shows anyone only whether it holds, for whom, which course, when and by whom", async () => {
    const { certificate, course, learner } = await certified();
    const answer = await get(`/api/certificates/${certificate._id}/verification`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["x-ratelimit-limit"]).toBe("120");
    expect(answer.json().data).toEqual({
      certificateId: certificate._id,
      status: "valid",
      learnerName: "Zoë Ångström-Łukasz",
      courseTitle: course.title,
      instructorName: "Ada Teacher",
      issuedAt: expect.any(String),
      issuer: { name: expect.any(String), url: "http://lms.test" },
      revokedAt: null,
      revokedReason: null,
      credentialValid: true,
    });
    expect(answer.body).not.toContain(learner.user.email);
    expect(answer.body).not.toContain(learner.user.id);
  });

  it("lets only admins revoke, with a reason, after which it verifies as revoked", async () => {
    const { certificate, learner } = await certified();
    const url = `/api/admin/certificates/${certificate._id}/revoke`;
    expect((await post(url, learner.auth, { reason: "mine" })).statusCode).toBe(403);
    const teacher = await makeSignedInUser(t.app, t.db, "instructor");
    expect((await post(url, teacher.auth, { reason: "no" })).statusCode).toBe(403);
    const noReason = await post(url, admin.auth, { reason: "  " });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(CERTIFICATE_MESSAGES.reasonRequired.text);

    const revoked = await post(url, admin.auth, { reason: "Plagiarised final project" });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data.certificate.revokedReason).toBe("Plagiarised final project");
    expect((await post(url, admin.auth, { reason: "again" })).statusCode).toBe(409);

    const verification = (await get(`/api/certificates/${certificate._id}/verification`)).json().data;
    expect(verification).toMatchObject({ status: "revoked", revokedReason: "Plagiarised final project" });
    expect(verification.revokedAt).toEqual(expect.any(String));
    const listed = await get(`/api/admin/users/${learner.user.id}/certificates`, admin.auth);
    expect(listed.json().data.certificates[0]).toMatchObject({ _id: certificate._id, revokedAt: expect.any(String) });
    expect((await get(`/api/admin/users/${learner.user.id}/certificates`, learner.auth)).statusCode).toBe(403);

    // A revoked certificate's credential still carries a good signature; the check reports it revoked.
    const jwt = (await get(`/api/certificates/${certificate._id}/credential`, learner.auth)).body;
    const check = await post("/api/certificates/verify", {}, { credential: jwt });
    expect(check.json().data).toMatchObject({ signatureValid: true, verification: { status: "revoked" } });
  });
});

describe("the Open Badges 3.0 credential", () => {
  it("is a VC-JWT whose signature verifies against the published JWKS", async () => {
    const { certificate, course, learner } = await certified();
    const download = await get(`/api/certificates/${certificate._id}/credential`, learner.auth);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toContain("application/vc+jwt");
    const jwt = download.body;
    const jwks = (await get("/api/certificates/jwks")).json() as JSONWebKeySet;
    expect(JSON.stringify(jwks)).not.toContain('"d"');
    const header = decodeProtectedHeader(jwt);
    expect(header).toMatchObject({ alg: "EdDSA", typ: "vc+jwt", jku: "http://lms.test/api/certificates/jwks" });
    expect(jwks.keys.map((key) => key.kid)).toContain(header.kid);

    const { payload } = await jwtVerify(jwt, createLocalJWKSet(jwks));
    expect(payload["@context"]).toEqual([
      "https://www.w3.org/ns/credentials/v2",
      "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json",
    ]);
    expect(payload.type).toEqual(["VerifiableCredential", "OpenBadgeCredential"]);
    expect(payload.id).toBe(certificate.verificationUrl);
    expect(payload.issuer).toMatchObject({ id: "http://lms.test", type: ["Profile"] });
    const subject = payload.credentialSubject as {
      identifier: { identityHash: string }[];
      achievement: { name: string; type: string[] };
    };
    expect(subject.identifier[0].identityHash).toBe("Zoë Ångström-Łukasz");
    expect(subject.achievement).toMatchObject({ name: course.title, type: ["Achievement"] });

    // The same credential every time: it is stored, not re-made.
    expect((await get(`/api/certificates/${certificate._id}/credential`, learner.auth)).body).toBe(jwt);
    const check = await post("/api/certificates/verify", {}, { credential: jwt });
    expect(check.json().data).toMatchObject({ signatureValid: true, verification: { status: "valid" } });
  });

  it("refuses a tampered credential", async () => {
    const { certificate, learner } = await certified();
    const jwt = (await get(`/api/certificates/${certificate._id}/credential`, learner.auth)).body;
    const [header, , signature] = jwt.split(".");
    const claims = decodeJwt(jwt) as { credentialSubject: { identifier: { identityHash: string }[] } };
    claims.credentialSubject.identifier[0].identityHash = "Mallory";
    const forged = [header, Buffer.from(JSON.stringify(claims)).toString("base64url"), signature].join(".");

    const jwks = (await get("/api/certificates/jwks")).json() as JSONWebKeySet;
    await expect(jwtVerify(forged, createLocalJWKSet(jwks))).rejects.toThrow();
    const check = await post("/api/certificates/verify", {}, { credential: forged });
    expect(check.statusCode).toBe(200);
    expect(check.json().data).toEqual({ signatureValid: false, verification: null });

    // A stored credential that was altered shows as invalid on the verification page.
    await t.db.updateTable("certificates").set({ credential: forged }).where("id", "=", certificate._id).execute();
    const page = (await get(`/api/certificates/${certificate._id}/verification`)).json().data;
    expect(page.credentialValid).toBe(false);

    const garbage = await post("/api/certificates/verify", {}, { credential: "not a credential" });
    expect(garbage.json().data.signatureValid).toBe(false);
    expect((await post("/api/certificates/verify", {}, {})).statusCode).toBe(400);
  });
});
