import { useState } from "react";

export const notesKey = (courseId: string, lessonId: string) => `lessonNotes:${courseId}:${lessonId}`;

/** Notes kept in local storage per course and lesson, saved on every change. */
export function useLessonNotes(courseId: string, lessonId: string) {
  const key = notesKey(courseId, lessonId);
  const [notes, setNotes] = useState(() => {
    try {
      return localStorage.getItem(key) ?? "";
    } catch {
      return "";
    }
  });
  const update = (value: string) => {
    setNotes(value);
    try {
      if (value) localStorage.setItem(key, value);
      else localStorage.removeItem(key);
    } catch {}
  };
  return [notes, update] as const;
}
