import type { CourseNote } from "@lms/contract";
import i18next from "i18next";
import { formatDateTime } from "@/lib/datetime";

/** `<COURSE CODE>-notes-<YYYY-MM-DD>.md`, the date in the user's own calendar. */
export function notesFileName(courseCode: string, date: Date): string {
  const day = [date.getFullYear(), date.getMonth() + 1, date.getDate()]
    .map((part) => String(part).padStart(2, "0"))
    .join("-");
  const code = courseCode.replace(/[^A-Za-z0-9_-]/g, "") || "course";
  return `${code}-notes-${day}.md`;
}

/** The user's notes of a course as one Markdown document: a heading per lesson, in course order. */
export function notesToMarkdown(
  course: { title: string; courseCode: string },
  notes: CourseNote[],
  exportedAt: Date,
): string {
  const lines = [
    `# ${i18next.t("notesExport.heading", { title: course.title, code: course.courseCode })}`,
    "",
    i18next.t("notesExport.exported", { date: formatDateTime(exportedAt.toISOString()) }),
  ];
  for (const note of notes) {
    lines.push(
      "",
      `## ${note.moduleTitle} · ${note.lessonTitle}`,
      "",
      `_${i18next.t("notesExport.lastSaved", { date: formatDateTime(note.updatedAt) })}_`,
      "",
      note.content.trimEnd(),
    );
  }
  return `${lines.join("\n")}\n`;
}
