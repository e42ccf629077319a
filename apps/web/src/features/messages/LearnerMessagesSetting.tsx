import type { MessageCourse } from "@lms/contract";
import { useTranslation } from "react-i18next";
import { useSaveMessageSettings } from "@/api/conversations";
import { messageOf } from "@/api/errors";
import { toast } from "@/lib/toast";

/** A teacher's switch for the course: may its learners message each other (off by default). */
export function LearnerMessagesSetting({ course }: { course: MessageCourse }) {
  const { t } = useTranslation("inbox");
  const save = useSaveMessageSettings(course._id);
  return (
    <label className="mt-2 flex items-start gap-2 rounded-md border border-dashed p-2 text-sm">
      <input
        type="checkbox"
        className="mt-1 accent-primary"
        checked={course.learnerMessages}
        disabled={save.isPending}
        onChange={(event) =>
          save.mutate(
            { learnerMessages: event.target.checked },
            {
              onSuccess: () => toast.success(t("new.settingsSaved")),
              onError: (failure) => toast.error(messageOf(failure, t("new.settingsFailed"))),
            },
          )
        }
      />
      <span>
        <span className="font-medium">{t("new.learnerMessages")}</span>
        <span className="block text-muted-foreground">{t("new.learnerMessagesHint")}</span>
      </span>
    </label>
  );
}
