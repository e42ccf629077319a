import { type LessonNote, type LessonNoteUpdate, MESSAGES } from "@lms/contract";
import type { Kysely } from "kysely";
import { fromFlag, newId, nowIso } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { forbidden, notFound } from "../../http/errors.js";
import { type Actor, canKeepLessonNotes, canSeeDraftLessons } from "../../policies/index.js";
import { findLesson } from "../content/repo.js";
import { findCourse, isEnrolled } from "../courses/access.js";
import { presentCourseNote, presentNote } from "./present.js";
import * as repo from "./repo.js";

export type NotesService = ReturnType<typeof createNotesService>;

/** A save either lands (the note as now stored) or meets a newer server copy, which comes back. */
export type NoteSaveResult = { saved: LessonNote } | { conflict: LessonNote };

/** A version strictly after `base`, so two saves within one millisecond still differ. */
function versionAfter(base: string | null): string {
  const now = nowIso();
  if (!base || now > base) return now;
  return new Date(Date.parse(base) + 1).toISOString();
}

/** Each user's own notes on the lessons they may read (issue 9). */
export function createNotesService({ db }: { db: Kysely<Database> }) {
  async function readableCourse(actor: Actor, courseId: string) {
    const course = await findCourse(db, courseId);
    if (!course) throw notFound(MESSAGES.courseNotFound);
    if (!canKeepLessonNotes(actor, course, await isEnrolled(db, actor.id, courseId))) {
      throw forbidden(MESSAGES.notEnrolled);
    }
    return course;
  }

  async function readableLesson(actor: Actor, courseId: string, lessonId: string) {
    const course = await readableCourse(actor, courseId);
    const lesson = await findLesson(db, courseId, lessonId);
    if (!lesson || (!fromFlag(lesson.is_published) && !canSeeDraftLessons(actor, course))) {
      throw notFound(MESSAGES.lessonNotFound);
    }
    return lesson;
  }

  /** The caller's note as stored now, for a refused save. */
  const current = async (actor: Actor, lessonId: string): Promise<NoteSaveResult> => ({
    conflict: presentNote(lessonId, await repo.findNote(db, actor.id, lessonId)),
  });

  return {
    async get(actor: Actor, courseId: string, lessonId: string): Promise<LessonNote> {
      await readableLesson(actor, courseId, lessonId);
      return presentNote(lessonId, await repo.findNote(db, actor.id, lessonId));
    },

    /**
     * Saves only if the caller's note is still at `baseUpdatedAt` (null: no note), as one
     * conditional statement, so of two devices saving on the same version one lands and the
     * other gets the landed copy back. Empty content deletes the note.
     */
    async save(actor: Actor, courseId: string, lessonId: string, input: LessonNoteUpdate): Promise<NoteSaveResult> {
      await readableLesson(actor, courseId, lessonId);
      const key = { userId: actor.id, lessonId };
      const base = input.baseUpdatedAt;

      if (input.content === "") {
        if (base === null) {
          const existing = await repo.findNote(db, actor.id, lessonId);
          return existing ? { conflict: presentNote(lessonId, existing) } : { saved: presentNote(lessonId, undefined) };
        }
        if (await repo.deleteNoteIfAt(db, { ...key, base })) return { saved: presentNote(lessonId, undefined) };
        const existing = await repo.findNote(db, actor.id, lessonId);
        // Already deleted elsewhere: both devices want the same empty note.
        return existing ? { conflict: presentNote(lessonId, existing) } : { saved: presentNote(lessonId, undefined) };
      }

      const updatedAt = versionAfter(base);
      const landed =
        base === null
          ? await repo.insertNoteIfAbsent(db, {
              id: newId(),
              user_id: actor.id,
              course_id: courseId,
              lesson_id: lessonId,
              content: input.content,
              created_at: updatedAt,
              updated_at: updatedAt,
            })
          : await repo.updateNoteIfAt(db, { ...key, base }, { content: input.content, updatedAt });
      if (!landed) return current(actor, lessonId);
      return { saved: { lessonId, content: input.content, updatedAt } };
    },

    /** The caller's notes of a course, in course order, for the course page and export. */
    async list(actor: Actor, courseId: string) {
      const course = await readableCourse(actor, courseId);
      const rows = await repo.courseNotes(db, actor.id, courseId, canSeeDraftLessons(actor, course));
      return rows.map(presentCourseNote);
    },
  };
}
