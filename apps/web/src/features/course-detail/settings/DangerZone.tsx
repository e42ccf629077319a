import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useDeleteCourse } from "@/api/managed-courses";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { COURSE_UI } from "@/lib/course-messages";
import { focusHeadingAfterNavigation } from "@/lib/focusHeadingAfterNavigation";
import { mutationToasts } from "../mutation-toasts";

export function DangerZone({ courseId }: { courseId: string }) {
  const { t } = useTranslation("course-detail");
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const remove = useDeleteCourse("/admin", courseId);

  const leave = () => {
    setOpen(false);
    navigate("/courses", { replace: true });
    focusHeadingAfterNavigation("/courses");
  };
  const confirm = () =>
    remove.mutate(
      undefined,
      mutationToasts(
        leave,
        (message) => message ?? t("MESSAGES.courseDeleted", { ns: "messages" }),
        COURSE_UI.deleteCourseFailed,
      ),
    );

  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle className="text-lg text-destructive">{t("danger.title")}</CardTitle>
        <CardDescription>{t("danger.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" />
          {t("danger.deleteCourse")}
        </Button>
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title={t("danger.deleteCourse")}
          description={t("MESSAGES.deleteCourseConfirm", { ns: "messages" })}
          confirmLabel={t("actions.delete")}
          busy={remove.isPending}
          onConfirm={confirm}
        />
      </CardContent>
    </Card>
  );
}
