import type { UseFormReturn } from "react-hook-form";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { switchLanguage } from "@/i18n/i18n";
import { failureText, showServerErrors } from "@/lib/server-errors";
import { ApiError, messageOf } from "./errors";

const notFound = () => new ApiError(404, "Course not found", [], undefined, "MESSAGES.courseNotFound");

describe("server failures in the interface's language", () => {
  beforeAll(() => switchLanguage("es"));
  afterAll(() => switchLanguage("en"));

  it("shows a catalogued message by its code", () => {
    expect(messageOf(notFound(), "Fallback")).toBe("Curso no encontrado");
    expect(notFound().serverMessage).toBe("Course not found");
  });

  it("shows the server's English text for an unknown or missing code, else the fallback", () => {
    expect(messageOf(new ApiError(409, "Something new", [], undefined, "MESSAGES.noSuchKey"), "x")).toBe(
      "Something new",
    );
    expect(messageOf(new ApiError(409, "Something new"), "x")).toBe("Something new");
    expect(messageOf(new ApiError(0, undefined), "Sin conexión")).toBe("Sin conexión");
    expect(messageOf(new Error("boom"), "Sin conexión")).toBe("Sin conexión");
  });

  it("translates each field error of failureText by its code, never by its text", () => {
    const error = new ApiError(400, "Validation failed", [
      { path: "title", msg: "Title is required", code: "MESSAGES.titleRequired" },
      { path: "code", msg: "Code looks odd" },
      { path: "name", msg: "Name is required" },
    ]);
    expect(failureText(error, "x")).toBe("El título es obligatorio, Code looks odd, Name is required");
    expect(failureText(notFound(), "x")).toBe("Curso no encontrado");
  });

  it("puts translated field errors under the form's fields", () => {
    const setError = vi.fn();
    const form = { setError } as unknown as UseFormReturn<{ email: string }>;
    const error = new ApiError(409, "Validation failed", [
      { path: "email", msg: "This email is already registered", code: "MESSAGES.emailTaken" },
    ]);
    expect(showServerErrors(form, error, ["email"])).toBe(true);
    expect(setError).toHaveBeenCalledWith(
      "email",
      { message: "Este correo electrónico ya está registrado" },
      { shouldFocus: true },
    );
  });
});

describe("in English", () => {
  it("shows the catalogued English text", () => {
    expect(messageOf(notFound(), "Fallback")).toBe("Course not found");
  });
});
