import { CONVERSATION_LIMITS } from "@lms/contract";
import { Plus } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useMessageCourses, useMessageRecipients, useSendMessage } from "@/api/conversations";
import { messageOf } from "@/api/errors";
import { RichTextEditor } from "@/components/RichTextEditor";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/lib/toast";
import { LearnerMessagesSetting } from "./LearnerMessagesSetting";

/** "New message": choose a course, then whom (the people the api allows), a subject and the message. */
export function NewMessageDialog({ onSent }: { onSent: (conversationIds: string[]) => void }) {
  const { t } = useTranslation("inbox");
  const [open, setOpen] = useState(false);
  const [courseId, setCourseId] = useState("");
  const [chosen, setChosen] = useState<string[]>([]);
  const [wholeCourse, setWholeCourse] = useState(false);
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const courses = useMessageCourses(open);
  const send = useSendMessage();
  const ids = { course: useId(), subject: useId(), body: useId() };

  const reset = () => {
    setCourseId("");
    setChosen([]);
    setWholeCourse(false);
    setSubject("");
    setBody("");
    setError(null);
  };

  const submit = () => {
    setError(null);
    send.mutate(
      { courseId, subject, body, ...(wholeCourse ? { wholeCourse: true } : { recipientIds: chosen }) },
      {
        onSuccess: (data) => {
          setOpen(false);
          reset();
          toast.success(t("new.sent"));
          onSent(data.conversationIds);
        },
        onError: (failure) => setError(messageOf(failure, t("new.failed"))),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !send.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          {t("new.open")}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t("new.title")}</DialogTitle>
          <DialogDescription>{t("new.description")}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={ids.course}>{t("new.course")}</Label>
            {courses.isPending ? (
              <Skeleton className="h-10 w-full" role="status" aria-label={t("new.coursesLoading")} />
            ) : courses.isError ? (
              <p role="alert" className="text-destructive text-sm">
                {messageOf(courses.error, t("new.coursesFailed"))}
              </p>
            ) : courses.data.length === 0 ? (
              <p className="text-muted-foreground text-sm">{t("new.noCourses")}</p>
            ) : (
              <NativeSelect
                id={ids.course}
                value={courseId}
                required
                onChange={(event) => {
                  setCourseId(event.target.value);
                  setChosen([]);
                  setWholeCourse(false);
                }}
              >
                <option value="">{t("new.chooseCourse")}</option>
                {courses.data.map((course) => (
                  <option key={course._id} value={course._id}>
                    {course.title}
                  </option>
                ))}
              </NativeSelect>
            )}
          </div>
          {courseId && (
            <RecipientPicker
              courseId={courseId}
              chosen={chosen}
              onChosen={setChosen}
              wholeCourse={wholeCourse}
              onWholeCourse={setWholeCourse}
            />
          )}
          <div className="grid gap-2">
            <Label htmlFor={ids.subject}>{t("new.subject")}</Label>
            <Input
              id={ids.subject}
              value={subject}
              maxLength={CONVERSATION_LIMITS.subjectMax}
              required
              onChange={(event) => setSubject(event.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <span id={ids.body} className="font-medium text-sm">
              {t("new.body")}
            </span>
            <RichTextEditor labelledBy={ids.body} value={body} onChange={setBody} />
          </div>
          {error && (
            <p role="alert" className="text-destructive text-sm">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={send.isPending} onClick={() => setOpen(false)}>
              {t("actions.cancel")}
            </Button>
            <Button type="submit" disabled={send.isPending || !courseId}>
              {send.isPending && <Spinner />}
              {t("new.submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The people the caller may write to in the course; a teacher may instead choose all its learners. */
function RecipientPicker({
  courseId,
  chosen,
  onChosen,
  wholeCourse,
  onWholeCourse,
}: {
  courseId: string;
  chosen: string[];
  onChosen: (ids: string[]) => void;
  wholeCourse: boolean;
  onWholeCourse: (on: boolean) => void;
}) {
  const { t } = useTranslation("inbox");
  const recipients = useMessageRecipients(courseId);
  if (recipients.isPending) {
    return <Skeleton className="h-24 w-full" role="status" aria-label={t("new.recipientsLoading")} />;
  }
  if (recipients.isError) {
    return (
      <p role="alert" className="text-destructive text-sm">
        {messageOf(recipients.error, t("new.recipientsFailed"))}
      </p>
    );
  }
  const { course, recipients: people } = recipients.data;
  const toggle = (id: string, on: boolean) => onChosen(on ? [...chosen, id] : chosen.filter((other) => other !== id));
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 font-medium text-sm">{t("new.recipients")}</legend>
      {course.teacher && (
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-1 accent-primary"
            checked={wholeCourse}
            onChange={(event) => onWholeCourse(event.target.checked)}
          />
          <span className="font-medium">{t("new.wholeCourse")}</span>
        </label>
      )}
      {!wholeCourse &&
        (people.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t("new.noRecipients")}</p>
        ) : (
          <ul className="grid max-h-48 gap-1 overflow-y-auto rounded-md border p-2">
            {people.map((person) => (
              <li key={person._id}>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="accent-primary"
                    checked={chosen.includes(person._id)}
                    onChange={(event) => toggle(person._id, event.target.checked)}
                  />
                  <span className="break-words">
                    {person.name}
                    {person.teacher && <span className="text-muted-foreground"> · {t("new.teacher")}</span>}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        ))}
      {!course.teacher && !course.learnerMessages && (
        <p className="text-muted-foreground text-sm" data-testid="learner-messages-off">
          {t("new.learnerMessagesOff")}
        </p>
      )}
      {course.teacher && <LearnerMessagesSetting course={course} />}
    </fieldset>
  );
}
