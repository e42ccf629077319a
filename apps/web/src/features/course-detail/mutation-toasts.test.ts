import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/api/errors";
import { COURSE_UI } from "@/lib/course-messages";
import { mutationToasts } from "./mutation-toasts";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("@/lib/toast", () => ({ toast }));

describe("mutationToasts", () => {
  beforeEach(() => vi.clearAllMocks());

  it("toasts the success text from the result, then calls done", () => {
    const done = vi.fn(() => expect(toast.success).toHaveBeenCalledWith("Saved: Week one"));
    mutationToasts(done, (title: string) => `Saved: ${title}`, "Failed.").onSuccess("Week one");
    expect(done).toHaveBeenCalledOnce();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("toasts the server's message on failure and keeps the dialog open", () => {
    const done = vi.fn();
    mutationToasts(done, () => "Saved.", "Failed.").onError(new ApiError(409, "Title already used"));
    expect(toast.error).toHaveBeenCalledWith(COURSE_UI.errorTitle, { description: "Title already used" });
    expect(done).not.toHaveBeenCalled();
  });

  it("falls back to the screen's own text when the server sent none", () => {
    mutationToasts(vi.fn(), () => "Saved.", "Failed.").onError(new ApiError(0, undefined));
    expect(toast.error).toHaveBeenCalledWith(COURSE_UI.errorTitle, { description: "Failed." });
  });
});
