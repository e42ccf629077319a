import type { CourseModule, Lesson } from "@lms/contract";
import { describe, expect, it } from "vitest";
import { firstLesson, isLessonComplete, locateLesson } from "./lesson-order";

const lesson = (id: string, completed: boolean[] = []): Lesson => ({
  _id: id,
  moduleId: "m",
  title: id,
  description: "",
  body: "",
  order: 1,
  isPublished: true,
  files: completed.map((done, i) => ({
    _id: `${id}-f${i}`,
    name: "f",
    type: "video/mp4",
    size: 1,
    url: "/x",
    createdAt: "",
    progress: { position: 0, duration: 0, completed: done, viewedAt: "" },
  })),
  createdAt: "",
  updatedAt: "",
});
const module = (id: string, lessons: Lesson[]): CourseModule => ({
  _id: id,
  courseId: "c",
  title: id,
  description: "",
  order: 1,
  lessons,
  createdAt: "",
  updatedAt: "",
});

const modules = [module("m1", [lesson("a"), lesson("b")]), module("m2", []), module("m3", [lesson("c")])];

describe("lesson order", () => {
  it("crosses module boundaries, skipping empty modules", () => {
    const place = locateLesson(modules, "b");
    expect(place?.previous?._id).toBe("a");
    expect(place?.next?._id).toBe("c");
    expect(place?.module._id).toBe("m1");
    expect(locateLesson(modules, "c")?.next).toBeNull();
    expect(locateLesson(modules, "a")?.previous).toBeNull();
  });

  it("finds nothing for an unknown id and offers the first lesson instead", () => {
    expect(locateLesson(modules, "zzz")).toBeNull();
    expect(firstLesson(modules)?._id).toBe("a");
    expect(firstLesson([module("empty", [])])).toBeNull();
  });

  it("counts a lesson complete when it has files and all are completed", () => {
    expect(isLessonComplete(lesson("x"))).toBe(false);
    expect(isLessonComplete(lesson("x", [true, false]))).toBe(false);
    expect(isLessonComplete(lesson("x", [true, true]))).toBe(true);
  });
});
