import {
  DEFAULT_PREFERENCES,
  MESSAGES,
  PREFERENCE_MESSAGES,
  PROFILE_MESSAGES,
  USER_ADMIN_MESSAGES,
} from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import {
  DEFAULT_PASSWORD,
  login,
  makeCourse,
  makeEnrolledLearner,
  makeSignedInUser,
  makeUser,
} from "./support/factories.js";
import { EXE, multipart, PNG } from "./support/multipart.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (auth: Record<string, string>) => t.app.inject({ method: "GET", url: "/api/users/me", headers: auth });
const put = (url: string, auth: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: "PUT", url, headers: auth, payload: payload as object });
const entriesOf = (userId: string, type: string) =>
  t.db.selectFrom("activities").selectAll().where("user_id", "=", userId).where("type", "=", type).execute();

describe("GET/PUT /api/users/me", () => {
  it("answers 401 without a session", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/users/me" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "PUT", url: "/api/users/me", payload: { name: "Xy" } })).statusCode).toBe(401);
  });

  it("returns one's own user without the password hash", async () => {
    const { user, auth } = await makeSignedInUser(t.app, t.db);
    const response = await me(auth);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toMatchObject({ _id: user.id, email: user.email });
    expect(response.body).not.toContain("password");
  });

  it("updates name and profile fields, clears an empty field and writes one profile_update entry", async () => {
    const { user, auth } = await makeSignedInUser(t.app, t.db);
    const first = await put("/api/users/me", auth, {
      name: "Ada Lovelace",
      bio: "Counts things",
      location: "London",
      phone: "+44 20 7946 0958",
      website: "example.org",
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(PROFILE_MESSAGES.updated.text);
    expect(first.json().data.user).toMatchObject({
      name: "Ada Lovelace",
      profile: { bio: "Counts things", location: "London", phone: "+44 20 7946 0958", website: "https://example.org" },
    });
    const cleared = await put("/api/users/me", auth, { bio: "" });
    expect(cleared.json().data.user.profile.bio).toBeNull();
    const entries = await entriesOf(user.id, "profile_update");
    expect(entries).toHaveLength(2);
    expect(JSON.parse(entries[0].metadata ?? "{}").changed).toEqual(
      expect.arrayContaining(["name", "bio", "location", "phone", "website"]),
    );
  });

  it("refuses each rule of the user form with its message and changes nothing", async () => {
    const { user, auth } = await makeSignedInUser(t.app, t.db);
    const cases: [object, string, string][] = [
      [{ name: "" }, "name", MESSAGES.nameRequired.text],
      [{ name: "A" }, "name", MESSAGES.nameTooShort.text],
      [{ name: "R2D2 Robot" }, "name", MESSAGES.nameLetters.text],
      [{ phone: "12345" }, "phone", USER_ADMIN_MESSAGES.phoneTooShort.text],
      [{ phone: "call me maybe" }, "phone", USER_ADMIN_MESSAGES.phoneInvalid.text],
      [{ website: "ftp://x.org" }, "website", USER_ADMIN_MESSAGES.websiteInvalid.text],
      [{ bio: "b".repeat(501) }, "bio", USER_ADMIN_MESSAGES.bioTooLong.text],
      [{ location: "l".repeat(101) }, "location", USER_ADMIN_MESSAGES.locationTooLong.text],
    ];
    for (const [payload, path, msg] of cases) {
      const response = await put("/api/users/me", auth, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors).toContainEqual(expect.objectContaining({ path, msg }));
    }
    for (const payload of [{}, { role: "admin" }, { credits: 1000 }, { email: "x@y.org" }, { name: 42 }]) {
      expect((await put("/api/users/me", auth, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    const row = await t.db.selectFrom("users").selectAll().where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: user.name, role: "learner", credits: 0, bio: null });
  });
});

describe("PUT /api/users/me/password", () => {
  it("needs the right current password (400 on the field, not a 401 that would end the session)", async () => {
    const { auth } = await makeSignedInUser(t.app, t.db);
    const wrong = await put("/api/users/me/password", auth, { currentPassword: "nope", newPassword: "Better1pass" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toContainEqual(
      expect.objectContaining({
        path: "currentPassword",
        msg: PROFILE_MESSAGES.currentPasswordWrong.text,
      }),
    );
    const weak = await put("/api/users/me/password", auth, {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: "weakpass",
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toContainEqual(
      expect.objectContaining({ path: "newPassword", msg: MESSAGES.passwordUpper.text }),
    );
    const same = await put("/api/users/me/password", auth, {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: DEFAULT_PASSWORD,
    });
    expect(same.json().errors).toContainEqual(expect.objectContaining({ msg: PROFILE_MESSAGES.samePassword.text }));
    expect((await me(auth)).statusCode).toBe(200);
  });

  it("sets the password, signs out every other session and keeps this one with fresh tokens", async () => {
    const user = await makeUser(t.db);
    const here = await login(t.app, user);
    const elsewhere = await login(t.app, user);
    const response = await put("/api/users/me/password", here.auth, {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: "N3wPassword",
    });
    expect(response.statusCode).toBe(200);
    const { token, refreshToken } = response.json().data;

    expect((await me(elsewhere.auth)).statusCode).toBe(401);
    expect((await me(here.auth)).statusCode).toBe(401);
    const refreshOld = await t.app.inject({
      method: "POST",
      url: "/api/auth/refresh-token",
      payload: { refreshToken: elsewhere.refreshToken },
    });
    expect(refreshOld.statusCode).toBe(401);

    expect((await me({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
    const refreshNew = await t.app.inject({
      method: "POST",
      url: "/api/auth/refresh-token",
      payload: { refreshToken },
    });
    expect(refreshNew.statusCode).toBe(200);

    const oldLogin = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email, password: DEFAULT_PASSWORD },
    });
    expect(oldLogin.statusCode).toBe(401);
    await login(t.app, { email: user.email, password: "N3wPassword" });
    expect(await entriesOf(user.id, "password_changed")).toHaveLength(1);
  });
});

describe("e-mail change", () => {
  async function requestChange(auth: Record<string, string>, newEmail: string) {
    const before = t.mails.length;
    const response = await put("/api/users/me/email", auth, { newEmail, currentPassword: DEFAULT_PASSWORD });
    expect(response.statusCode).toBe(200);
    await vi.waitFor(() => expect(t.mails.length).toBe(before + 2));
    const toNew = t.mails.slice(before).find((mail) => mail.to === newEmail.toLowerCase());
    const match = toNew?.text.match(/http:\/\/lms\.test\/confirm-email\/([A-Za-z0-9_-]+)/);
    if (!match) throw new Error("no confirmation link in the e-mail");
    return { token: match[1], mails: t.mails.slice(before) };
  }
  const confirm = (token: string) => t.app.inject({ method: "POST", url: `/api/auth/confirm-email/${token}` });

  it("changes the address only when the link sent to the new one is opened, once", async () => {
    const { user, auth } = await makeSignedInUser(t.app, t.db);
    const newEmail = `New.${user.email}`;
    const { token, mails } = await requestChange(auth, newEmail);
    expect(mails.map((mail) => mail.to).sort()).toEqual([newEmail.toLowerCase(), user.email].sort());
    expect((await me(auth)).json().data.user.email).toBe(user.email);

    const response = await confirm(token);
    expect(response.statusCode).toBe(200);
    // The change ended every session; signing in with the new address shows it.
    expect((await me(auth)).statusCode).toBe(401);
    const fresh = await login(t.app, { email: newEmail, password: DEFAULT_PASSWORD });
    expect((await me(fresh.auth)).json().data.user).toMatchObject({
      email: newEmail.toLowerCase(),
      emailVerified: true,
    });
    expect((await confirm(token)).statusCode).toBe(400);
  });

  it("refuses a wrong password, one's own address, a taken one and a made-up link", async () => {
    const { user, auth } = await makeSignedInUser(t.app, t.db);
    const other = await makeUser(t.db);
    const wrong = await put("/api/users/me/email", auth, { newEmail: "a@b.org", currentPassword: "wrong" });
    expect(wrong.statusCode).toBe(400);
    const same = await put("/api/users/me/email", auth, { newEmail: user.email, currentPassword: DEFAULT_PASSWORD });
    expect(same.json().errors).toContainEqual(
      expect.objectContaining({ path: "newEmail", msg: PROFILE_MESSAGES.emailSame.text }),
    );
    const taken = await put("/api/users/me/email", auth, { newEmail: other.email, currentPassword: DEFAULT_PASSWORD });
    expect(taken.statusCode).toBe(409);
    const invalid = await put("/api/users/me/email", auth, {
      newEmail: "not-an-email",
      currentPassword: DEFAULT_PASSWORD,
    });
    expect(invalid.statusCode).toBe(400);
    expect((await confirm("made-up-token")).statusCode).toBe(400);
  });

  it("answers 409 when the address was taken between the request and the confirmation", async () => {
    const { user, auth } = await makeSignedInUser(t.app, t.db);
    const newEmail = `race.${user.email}`;
    const { token } = await requestChange(auth, newEmail);
    await makeUser(t.db, { email: newEmail });
    expect((await confirm(token)).statusCode).toBe(409);
    expect((await me(auth)).json().data.user.email).toBe(user.email);
  });
});

describe("profile picture", () => {
  const upload = (auth: Record<string, string>, content: Buffer, filename = "me.png") => {
    const body = multipart({}, { field: "file", filename, content, type: "image/png" });
    return t.app.inject({
      method: "PUT",
      url: "/api/users/me/avatar",
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
  };

  it("keeps an image, serves it publicly at the user's avatar address and replaces it", async () => {
    const { user, auth } = await makeSignedInUser(t.app, t.db);
    const response = await upload(auth, PNG, "../../etc/passwd.png");
    expect(response.statusCode).toBe(200);
    const avatar: string = response.json().data.user.profile.avatar;
    expect(avatar).toMatch(new RegExp(`^/api/users/${user.id}/avatar\\?v=\\d+&expires=\\d+&sig=[\\w-]+$`));
    const served = await t.app.inject({ method: "GET", url: avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const second = await upload(auth, Buffer.concat([PNG, Buffer.alloc(10, 2)]));
    expect(second.json().data.user.profile.avatar).not.toBe(avatar);
    const reserved = await t.app.inject({ method: "GET", url: `/api/users/${user.id}/avatar` });
    expect(reserved.rawPayload.length).toBe(PNG.length + 10);
  });

  it("refuses content that is not an image whatever its name, a file too large, and nothing", async () => {
    const { auth } = await makeSignedInUser(t.app, t.db);
    expect((await upload(auth, EXE, "photo.png")).statusCode).toBe(415);
    expect((await upload(auth, Buffer.from("<svg onload=alert(1)></svg>"), "x.svg")).statusCode).toBe(415);
    const huge = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024, 1)]);
    expect((await upload(auth, huge)).statusCode).toBe(413);
    const none = multipart({ other: "x" });
    const empty = await t.app.inject({
      method: "PUT",
      url: "/api/users/me/avatar",
      headers: { ...auth, ...none.headers },
      payload: none.payload,
    });
    expect(empty.statusCode).toBe(400);
    const json = await put("/api/users/me/avatar", auth, { file: "x" });
    expect(json.statusCode).toBe(415);
    expect((await me(auth)).json().data.user.profile.avatar).toBeNull();
  });

  it("removes the picture; then the address answers 404", async () => {
    const { user, auth } = await makeSignedInUser(t.app, t.db);
    await upload(auth, PNG);
    const removed = await t.app.inject({ method: "DELETE", url: "/api/users/me/avatar", headers: auth });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.user.profile.avatar).toBeNull();
    expect((await t.app.inject({ method: "GET", url: `/api/users/${user.id}/avatar` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "DELETE", url: "/api/users/me/avatar", headers: auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/users/not-an-id/avatar" })).statusCode).toBe(400);
  });

  it("serves a private profile's picture only through the signed links that people who may see it get", async () => {
    const instructor = await makeSignedInUser(t.app, t.db, "instructor");
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const owner = await makeEnrolledLearner(t.app, t.db, course.id);
    const classmate = await makeEnrolledLearner(t.app, t.db, course.id);
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    await upload(owner.auth, PNG);
    const stored = (await t.db.selectFrom("users").select("avatar").where("id", "=", owner.user.id).executeTakeFirst())
      ?.avatar as string;
    const load = (url: string) => t.app.inject({ method: "GET", url });
    // A public profile's picture is public, like the name next to it.
    expect((await load(stored)).statusCode).toBe(200);

    const hide = await t.app.inject({
      method: "PUT",
      url: "/api/users/me/preferences",
      headers: owner.auth,
      payload: { ...DEFAULT_PREFERENCES, profileVisibility: "private" },
    });
    expect(hide.statusCode).toBe(200);
    // Whoever may not see the profile: no answer carries a link, and one built from the user id is refused.
    const toClassmate = await t.app.inject({
      method: "GET",
      url: `/api/users/${owner.user.id}/profile`,
      headers: classmate.auth,
    });
    expect(toClassmate.statusCode).toBe(403);
    expect(toClassmate.body).not.toContain("/avatar");
    for (const url of [stored, `/api/users/${owner.user.id}/avatar`, `${stored}&expires=99999999999&sig=forged`]) {
      const refused = await load(url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe(PREFERENCE_MESSAGES.profilePrivate.text);
    }

    // The owner, the course's instructor and admins get links that load it, wherever they see the picture.
    const links = [
      (await me(owner.auth)).json().data.user.profile.avatar,
      (
        await t.app.inject({ method: "GET", url: `/api/users/${owner.user.id}/profile`, headers: instructor.auth })
      ).json().data.profile.avatar,
      (await t.app.inject({ method: "GET", url: `/api/admin/users/${owner.user.id}`, headers: admin.auth })).json().data
        .user.profile.avatar,
      (await t.app.inject({ method: "GET", url: `/api/admin/courses/${course.id}/enrollments`, headers: admin.auth }))
        .json()
        .data.students.find((s: { _id: string }) => s._id === owner.user.id).avatar,
    ];
    for (const link of links) {
      expect(link).toMatch(/&sig=/);
      const served = await load(link);
      expect(served.statusCode, link).toBe(200);
      expect(served.rawPayload.equals(PNG)).toBe(true);
    }
  });
});
