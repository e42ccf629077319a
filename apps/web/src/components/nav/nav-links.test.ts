import { describe, expect, it } from "vitest";
import { signedInLinks } from "./nav-links";

const targets = (role: Parameters<typeof signedInLinks>[0]) => signedInLinks(role).map((link) => link.to);

describe("signedInLinks", () => {
  it("gives instructors a Sessions entry after Courses", () => {
    expect(targets("instructor")).toEqual(["/instructor/dashboard", "/courses", "/instructor/sessions", "/activity"]);
  });

  it("gives learners and admins none; admins get Users, Notify, System and LTI tools", () => {
    expect(targets("learner")).toEqual(["/dashboard", "/courses", "/activity"]);
    expect(targets("admin")).toEqual([
      "/admin/dashboard",
      "/courses",
      "/activity",
      "/admin/users",
      "/admin/notifications",
      "/admin/settings",
      "/admin/lti-tools",
    ]);
    expect(targets("super_admin")).toContain("/admin/settings");
    expect(targets("super_admin")).not.toContain("/instructor/sessions");
  });
});
