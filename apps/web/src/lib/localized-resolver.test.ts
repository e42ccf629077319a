import { MESSAGES } from "@lms/contract";
import type { ResolverOptions } from "react-hook-form";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { switchLanguage } from "@/i18n/i18n";
import { localizedResolver } from "./localized-resolver";

type Values = { title: string; code: string };
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<Values>;

describe("a form's field errors in the interface's language", () => {
  beforeAll(() => switchLanguage("es"));
  afterAll(() => switchLanguage("en"));

  it("translates a field error by the code its message carries, and names that code as the error's type", async () => {
    const schema = z.object({
      title: z.string().min(1, MESSAGES.titleRequired),
      // The same English words given as plain text carry no code, so they stay as they are.
      code: z.string().min(1, "Title is required"),
    });
    const result = await localizedResolver(schema)({ title: "", code: "" }, undefined, options);
    expect(result.errors.title).toMatchObject({ message: "El título es obligatorio", type: "MESSAGES.titleRequired" });
    expect(result.errors.code).toMatchObject({ message: "Title is required", type: "too_small" });
  });

  it("answers the parsed values when the form is valid", async () => {
    const schema = z.object({ title: z.string().trim().min(1, MESSAGES.titleRequired), code: z.string() });
    const result = await localizedResolver(schema)({ title: " Algebra ", code: "x" }, undefined, options);
    expect(result).toEqual({ values: { title: "Algebra", code: "x" }, errors: {} });
  });
});
