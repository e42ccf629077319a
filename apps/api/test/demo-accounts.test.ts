import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../src/seed/demo.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeUser } from "./support/factories.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const offered = async () => {
  const response = await t.app.inject({ method: "GET", url: "/api/auth/demo-accounts" });
  expect(response.statusCode).toBe(200);
  return (response.json().data.accounts as { email: string }[]).map((account) => account.email);
};

describe("GET /api/auth/demo-accounts (the login page's demo list)", () => {
  it("offers a demo account only while it exists, active, with its demo role and password", async () => {
    expect(await offered()).toEqual([]);

    const users = await Promise.all(
      DEMO_ACCOUNTS.map(({ name, email, password, role }) => makeUser(t.db, { name, email, password, role })),
    );
    expect(await offered()).toEqual(DEMO_ACCOUNTS.map((account) => account.email));
    const learner = await t.app.inject({ method: "GET", url: "/api/auth/demo-accounts" });
    expect(learner.json().data.accounts).toContainEqual({
      role: "learner",
      email: "learner@example.com",
      password: "Learner123!",
    });

    const [superAdmin, admin, instructor] = users;
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: admin.email, password: admin.password },
    });
    const changed = await t.app.inject({
      method: "PUT",
      url: "/api/users/me/password",
      headers: { authorization: `Bearer ${login.json().data.token}` },
      payload: { currentPassword: admin.password, newPassword: "A-new-admin-pass-2026" },
    });
    expect(changed.statusCode).toBe(200);
    await t.db.updateTable("users").set({ status: "suspended" }).where("id", "=", instructor.id).execute();
    await t.db.updateTable("users").set({ role: "learner" }).where("id", "=", superAdmin.id).execute();

    expect(await offered()).toEqual(["learner@example.com"]);
  });
});
