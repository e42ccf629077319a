import { editUserFormSchema, passwordStrength, USER_ADMIN_MESSAGES, updateUserSchema } from "@lms/contract";
import { describe, expect, it } from "vitest";

describe("the user form's strength meter (spec §5)", () => {
  it.each([
    ["", 0, "Very Weak"],
    ["abc", 1, "Very Weak"],
    ["abcdefgh", 2, "Weak"],
    ["Abcdefgh", 3, "Fair"],
    ["Abcdefg1", 4, "Good"],
    ["Abcdef1!", 5, "Strong"],
  ])("scores %j as %i, %s", (password, score, label) => {
    expect(passwordStrength(password)).toEqual({ score, label });
  });
});

describe("the user form's rules", () => {
  const valid = { name: "Ada Lovelace", email: "ada@example.com", password: "", role: "learner", credits: 0 };
  const messages = (input: object) =>
    editUserFormSchema.safeParse({ ...valid, ...input }).error?.issues.map((issue) => issue.message) ?? [];

  it("accepts an edit with an empty password and empty optional fields", () => {
    expect(messages({ phone: "", website: "" })).toEqual([]);
  });

  it.each([
    [{ phone: "555-1234" }, USER_ADMIN_MESSAGES.phoneTooShort.text],
    [{ phone: "+1 (555) 123-4567-8901-2" }, USER_ADMIN_MESSAGES.phoneTooLong.text],
    [{ phone: "call me maybe" }, USER_ADMIN_MESSAGES.phoneInvalid.text],
    [{ website: "ftp://x.example" }, USER_ADMIN_MESSAGES.websiteInvalid.text],
    [{ credits: -5 }, USER_ADMIN_MESSAGES.creditsNegative.text],
    [{ credits: 2.5 }, USER_ADMIN_MESSAGES.creditsWhole.text],
  ])("refuses %j", (input, message) => {
    expect(messages(input)).toContain(message);
  });

  it("on update cuts the phone to 20 characters and gives a bare website https://", () => {
    const parsed = updateUserSchema.parse({ phone: "+1 555 123 4567 8 9 0 12", website: "ada.example" });
    expect(parsed).toEqual({ phone: "+1 555 123 4567 8 9", website: "https://ada.example" });
  });
});
