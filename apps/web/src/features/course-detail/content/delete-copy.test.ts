import type { CourseModule, Lesson, LessonFile } from "@lms/contract";
import { describe, expect, it } from "vitest";
import { contentTarget, deleteCopy } from "./delete-copy";

const file = (id: string, name: string): LessonFile => ({
  _id: id,
  name,
  type: "application/pdf",
  size: 2048,
  url: `/api/media/${id}`,
  createdAt: "2025-01-01T00:00:00.000Z",
  progress: null,
});

const lesson = (id: string, title: string, files: LessonFile[]): Lesson => ({
  _id: id,
  moduleId: "m1",
  title,
  description: "",
  body: "",
  order: 1,
  isPublished: true,
  files,
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
});

const module = (lessons: Lesson[]): CourseModule => ({
  _id: "m1",
  courseId: "c1",
  title: "Introduction",
  description: "",
  order: 1,
  lessons,
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
});

describe("delete confirmations", () => {
  it("says that a module's lessons and files go with it", () => {
    const copy = deleteCopy({
      kind: "module",
      module: module([lesson("l1", "One", [file("f1", "a.pdf"), file("f2", "b.pdf")]), lesson("l2", "Two", [])]),
    });
    expect(copy.description).toBe(
      "Are you sure you want to delete the module “Introduction”? Its 2 lessons and 2 files are deleted with it. This action cannot be undone.",
    );
    expect(copy.confirm).toBe("Delete Module");
    expect(deleteCopy({ kind: "module", module: module([]) }).description).toContain("It has no lessons.");
  });

  it("names a lesson's files, and a file's lesson", () => {
    const one = lesson("l1", "Setup", [file("f1", "notes.pdf")]);
    expect(deleteCopy({ kind: "lesson", moduleId: "m1", lesson: one }).description).toBe(
      "Are you sure you want to delete the lesson “Setup”? Its 1 file is deleted with it. This action cannot be undone.",
    );
    expect(deleteCopy({ kind: "lesson", moduleId: "m1", lesson: lesson("l2", "Empty", []) }).description).toBe(
      "Are you sure you want to delete the lesson “Empty”? This action cannot be undone.",
    );
    const copy = deleteCopy({ kind: "file", moduleId: "m1", lesson: one, file: one.files[0] });
    expect(copy.description).toBe(
      "Are you sure you want to delete “notes.pdf” from the lesson “Setup”? This action cannot be undone.",
    );
    expect(copy.success).toBe("File deleted successfully.");
  });

  it("answers the ids the api needs", () => {
    const one = lesson("l1", "Setup", [file("f1", "notes.pdf")]);
    expect(contentTarget({ kind: "module", module: module([one]) })).toEqual({ kind: "module", moduleId: "m1" });
    expect(contentTarget({ kind: "lesson", moduleId: "m1", lesson: one })).toEqual({
      kind: "lesson",
      moduleId: "m1",
      lessonId: "l1",
    });
    expect(contentTarget({ kind: "file", moduleId: "m1", lesson: one, file: one.files[0] })).toEqual({
      kind: "file",
      moduleId: "m1",
      lessonId: "l1",
      fileId: "f1",
    });
  });
});
