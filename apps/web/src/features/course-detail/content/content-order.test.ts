import type { CourseModule, Lesson } from "@lms/contract";
import { describe, expect, it } from "vitest";
import { orderOf, withLessonMoved, withModuleMoved } from "./content-order";

const lesson = (id: string) => ({ _id: id }) as Lesson;
const module = (id: string, lessons: string[]) => ({ _id: id, lessons: lessons.map(lesson) }) as CourseModule;
const modules = [module("a", ["a1", "a2", "a3"]), module("b", ["b1"]), module("c", [])];

describe("content order", () => {
  it("lists every module with its lessons as they are", () => {
    expect(orderOf(modules)).toEqual({
      modules: [
        { _id: "a", lessonIds: ["a1", "a2", "a3"] },
        { _id: "b", lessonIds: ["b1"] },
        { _id: "c", lessonIds: [] },
      ],
    });
  });

  it("moves a module, its lessons going with it", () => {
    expect(withModuleMoved(modules, 0, 2).modules.map((m) => m._id)).toEqual(["b", "c", "a"]);
    expect(withModuleMoved(modules, 0, 2).modules[2].lessonIds).toEqual(["a1", "a2", "a3"]);
  });

  it("moves a lesson inside its own module only", () => {
    const moved = withLessonMoved(modules, "a", 2, 0);
    expect(moved.modules[0].lessonIds).toEqual(["a3", "a1", "a2"]);
    expect(moved.modules[1].lessonIds).toEqual(["b1"]);
  });
});
