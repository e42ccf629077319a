import { useId } from "react";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { useLessonNotes } from "./useLessonNotes";

/** Personal notes, saved in this browser as they are typed (spec §2). */
export function NotesPanel({ courseId, lessonId }: { courseId: string; lessonId: string }) {
  const id = useId();
  const [notes, setNotes] = useLessonNotes(courseId, lessonId);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Your notes for this lesson</Label>
      <Textarea
        id={id}
        rows={12}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        placeholder="Write down what you want to remember..."
        aria-describedby={`${id}-count`}
      />
      <p id={`${id}-count`} className="flex justify-between text-xs text-muted-foreground">
        <span>Saved automatically in this browser</span>
        <span aria-live="polite">
          {notes.length} {notes.length === 1 ? "character" : "characters"}
        </span>
      </p>
    </div>
  );
}
