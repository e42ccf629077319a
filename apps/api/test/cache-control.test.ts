import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeSignedInUser } from "./support/factories.js";
import { multipart, PNG } from "./support/multipart.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("Cache-Control of api answers", () => {
  it("sends no-store with every signed-in answer, public ones included", async () => {
    const { auth } = await makeSignedInUser(t.app, t.db);
    for (const url of ["/api/auth/profile", "/api/users/me/two-factor", "/api/categories", "/api/courses"]) {
      const response = await t.app.inject({ method: "GET", url, headers: auth });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cache-control"], url).toBe("no-store");
    }
  });

  it("sends no-store with sign-in answers and failures", async () => {
    const { user } = await makeSignedInUser(t.app, t.db);
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email, password: user.password },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers["cache-control"]).toBe("no-store");
    const refused = await t.app.inject({ method: "GET", url: "/api/auth/profile" });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers["cache-control"]).toBe("no-store");
  });

  it("leaves anonymous public answers cacheable, and a stored file keeps its own private caching", async () => {
    const categories = await t.app.inject({ method: "GET", url: "/api/categories" });
    expect(categories.statusCode).toBe(200);
    expect(categories.headers["cache-control"]).toBeUndefined();

    const { user, auth } = await makeSignedInUser(t.app, t.db);
    const body = multipart({}, { field: "file", filename: "me.png", content: PNG, type: "image/png" });
    const upload = await t.app.inject({
      method: "PUT",
      url: "/api/users/me/avatar",
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode).toBe(200);
    const avatar = await t.app.inject({ method: "GET", url: `/api/users/${user.id}/avatar` });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers["cache-control"]).toBe("private, max-age=3600");
  });
});
