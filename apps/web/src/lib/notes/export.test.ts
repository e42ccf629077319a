import type { CourseNote } from "@lms/contract";
import { describe, expect, it } from "vitest";
import { notesFileName, notesToMarkdown } from "./export";

const note = (lessonTitle: string, content: string): CourseNote => ({
  lessonId: "0123456789abcdef01234567",
  lessonTitle,
  moduleId: "0123456789abcdef01234568",
  moduleTitle: "Basics",
  content,
  updatedAt: "2026-11-20T08:00:00.000Z",
});

describe("notes export", () => {
  it("names the file after the course code and the day", () => {
    expect(notesFileName("WEB-101", new Date(2026, 10, 3, 23, 59))).toBe("WEB-101-notes-2026-11-03.md");
    expect(notesFileName("", new Date(2026, 0, 1))).toBe("course-notes-2026-01-01.md");
  });

  it("writes each note under its module and lesson, in the given order", () => {
    const text = notesToMarkdown(
      { title: "Web Basics", courseCode: "WEB-101" },
      [note("First", "Remember the box model.\n"), note("Second", "Flexbox > floats")],
      new Date(),
    );
    expect(text.startsWith("# Web Basics (WEB-101): my notes\n")).toBe(true);
    expect(text.indexOf("## Basics · First")).toBeLessThan(text.indexOf("## Basics · Second"));
    expect(text).toContain("Remember the box model.\n\n## Basics · Second");
    expect(text.endsWith("Flexbox > floats\n")).toBe(true);
  });
});
