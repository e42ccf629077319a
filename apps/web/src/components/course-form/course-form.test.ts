import { describe, expect, it } from "vitest";
import { courseFormSchema, EMPTY_COURSE_FORM, formToPayload, toWholeNumber } from "./course-form";

describe("course form", () => {
  it("turns anything that is not a number into 0 and cuts decimals", () => {
    expect(toWholeNumber("")).toBe(0);
    expect(toWholeNumber("abc")).toBe(0);
    expect(toWholeNumber("42")).toBe(42);
    expect(toWholeNumber("7.9")).toBe(7);
  });

  it("splits tags by comma and requirements and outcomes by line, trimmed and without blanks", () => {
    const payload = formToPayload(
      {
        ...EMPTY_COURSE_FORM,
        title: " Title ",
        tags: " react,  web , ,",
        requirements: "A laptop\n\n  Curiosity  \n",
        learningOutcomes: "Build things",
        courseCode: "  ",
        instructorId: "abc",
      },
      false,
    );
    expect(payload).toMatchObject({
      title: "Title",
      tags: ["react", "web"],
      requirements: ["A laptop", "Curiosity"],
      learningOutcomes: ["Build things"],
    });
    expect(payload).not.toHaveProperty("courseCode");
    expect(payload).not.toHaveProperty("instructorId");
  });

  it("requires the spec's fields, and an instructor only when asked", () => {
    const empty = courseFormSchema(true).safeParse(EMPTY_COURSE_FORM);
    const paths = empty.success ? [] : empty.error.issues.map((issue) => issue.path[0]);
    expect(paths).toEqual(
      expect.arrayContaining(["title", "description", "shortDescription", "categoryId", "duration", "instructorId"]),
    );
    const valid = {
      ...EMPTY_COURSE_FORM,
      title: "T",
      description: "D",
      shortDescription: "S",
      categoryId: "0123456789abcdef01234567",
      duration: 1,
    };
    expect(courseFormSchema(false).safeParse(valid).success).toBe(true);
    expect(courseFormSchema(true).safeParse(valid).success).toBe(false);
  });
});
