import { describe, expect, it } from "vitest";
import { ApiError } from "@/api/errors";
import { createCourseFailure, createItemFailure, uploadFailure } from "./course-messages";

describe("failure messages (spec §8)", () => {
  it("maps create-item failures by status, else the server message, else the default", () => {
    expect(createItemFailure(new ApiError(404, "x"))).toBe(
      "Module not found. The database has been refreshed. Please refresh the page.",
    );
    expect(createItemFailure(new ApiError(401, "x"))).toBe("Authentication error. Please try again.");
    expect(createItemFailure(new ApiError(403, "x"))).toBe("You don't have permission to perform this action.");
    expect(createItemFailure(new ApiError(400, "Title is required"))).toBe("Title is required");
    expect(createItemFailure(new Error("boom"))).toBe("Failed to create item. Please try again.");
  });

  it("maps file upload failures by status, else the server message, else the default", () => {
    expect(uploadFailure(new ApiError(404, "x"))).toBe(
      "Lesson or module not found. Please refresh the page and try again.",
    );
    expect(uploadFailure(new ApiError(403, "x"))).toBe("You don't have permission to upload files to this lesson.");
    expect(uploadFailure(new ApiError(500, "x"))).toBe("Server error during file upload. Please try again.");
    expect(uploadFailure(new ApiError(413, "File is too large."))).toBe("File is too large.");
    expect(uploadFailure(new ApiError(0, undefined))).toBe("Failed to upload files. Please try again.");
  });

  it("joins the errors of a failed course creation", () => {
    const errors = [
      { path: "shortDescription", msg: "Short description must be between 10 and 200 characters" },
      { path: "courseCode", msg: "This course code is already in use" },
    ];
    expect(createCourseFailure(new ApiError(400, "Validation failed", errors))).toBe(
      "Short description must be between 10 and 200 characters, This course code is already in use",
    );
    expect(createCourseFailure(new ApiError(403, "Limit reached"))).toBe("Limit reached");
    expect(createCourseFailure(new Error("x"))).toBe("Failed to create course. Please try again.");
  });
});
