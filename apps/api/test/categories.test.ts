import { MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCategory, makeCourse, makeSignedInUser } from "./support/factories.js";

let t: TestContext;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;
let instructor: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  admin = await makeSignedInUser(t.app, t.db, "admin");
  instructor = await makeSignedInUser(t.app, t.db, "instructor");
});
afterAll(() => t.close());

const call = (method: "POST" | "PUT" | "DELETE", url: string, auth: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

describe("categories", () => {
  it("lets admins create, rename and delete categories, and lists them publicly", async () => {
    const created = await call("POST", "/api/categories", admin.auth, { name: "  Photography " });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      message: MESSAGES.categoryCreated.text,
      data: { category: { name: "Photography", courseCount: 0 } },
    });
    const id = created.json().data.category._id;
    const list = await t.app.inject({ method: "GET", url: "/api/categories" });
    expect(list.json().data.categories.map((c: { name: string }) => c.name)).toContain("Photography");

    const renamed = await call("PUT", `/api/categories/${id}`, admin.auth, { name: "Photo & Video" });
    expect(renamed.json().data.category).toEqual({ _id: id, name: "Photo & Video", courseCount: 0 });
    expect((await call("PUT", `/api/categories/${id}`, admin.auth, { name: "photo & video" })).statusCode).toBe(200);

    expect((await call("DELETE", `/api/categories/${id}`, admin.auth)).json().message).toBe(
      MESSAGES.categoryDeleted.text,
    );
    expect((await call("DELETE", `/api/categories/${id}`, admin.auth)).statusCode).toBe(404);
  });

  it("refuses duplicate names regardless of case with 409, and bad names with 400", async () => {
    const existing = await makeCategory(t.db, "Cooking");
    const duplicate = await call("POST", "/api/categories", admin.auth, { name: "cooking" });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(MESSAGES.categoryExists.text);
    const other = await makeCategory(t.db, "Baking");
    expect((await call("PUT", `/api/categories/${other.id}`, admin.auth, { name: "COOKING" })).statusCode).toBe(409);
    expect((await call("POST", "/api/categories", admin.auth, { name: " " })).json().message).toBe(
      MESSAGES.categoryNameRequired.text,
    );
    expect((await call("POST", "/api/categories", admin.auth, { name: "x".repeat(51) })).json().message).toBe(
      MESSAGES.categoryNameTooLong.text,
    );
    expect((await call("PUT", `/api/categories/${existing.id}x`, admin.auth, { name: "x" })).statusCode).toBe(400);
    expect((await call("PUT", `/api/categories/${"1".repeat(24)}`, admin.auth, { name: "New" })).statusCode).toBe(404);
  });

  it("keeps a category that still has courses, and is for admins only", async () => {
    const category = await makeCategory(t.db);
    await makeCourse(t.db, { category_id: category.id });
    const inUse = await call("DELETE", `/api/categories/${category.id}`, admin.auth);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(MESSAGES.categoryInUse.text);
    expect((await call("POST", "/api/categories", instructor.auth, { name: "Mine" })).statusCode).toBe(403);
    expect((await call("POST", "/api/categories", {}, { name: "Mine" })).statusCode).toBe(401);
  });
});
