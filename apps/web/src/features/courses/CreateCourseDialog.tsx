import { Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCategories } from "@/api/categories";
import { useCreateCourse } from "@/api/managed-courses";
import { useActiveInstructors } from "@/api/users";
import type { CourseArea } from "@/auth/roles";
import { CourseFormFields } from "@/components/course-form/CourseFormFields";
import { EMPTY_COURSE_FORM, formToPayload } from "@/components/course-form/course-form";
import { useCourseForm } from "@/components/course-form/useCourseForm";
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
import { Spinner } from "@/components/ui/spinner";
import { COURSE_UI, createCourseFailure } from "@/lib/course-messages";
import { toast } from "@/lib/toast";

/** Spec §5 "Create course": admins must pick an active instructor; instructors own what they create. */
export function CreateCourseDialog({ area }: { area: CourseArea }) {
  const { t } = useTranslation("courses");
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const isAdminArea = area === "/admin";
  const categories = useCategories();
  const instructors = useActiveInstructors(open && isAdminArea);
  const { form, reportInvalid, showServerErrors } = useCourseForm(EMPTY_COURSE_FORM, isAdminArea);
  const create = useCreateCourse(area);
  const busy = create.isPending;

  const submit = form.handleSubmit((values) => {
    if (busy) return;
    create.mutate(formToPayload(values, isAdminArea), {
      onSuccess: (course) => {
        toast.success(t("MESSAGES.courseCreated", { ns: "messages" }));
        setOpen(false);
        form.reset(EMPTY_COURSE_FORM);
        navigate(`/courses/${course._id}`);
      },
      onError: (error) => {
        showServerErrors(error);
        toast.error(COURSE_UI.errorTitle, { description: createCourseFailure(error) });
      },
    });
  }, reportInvalid);

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          {t("create.title")}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t("create.title")}</DialogTitle>
          <DialogDescription>{t("create.description")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-6">
          <CourseFormFields
            form={form}
            idPrefix="new-course"
            categories={categories.data}
            instructors={isAdminArea ? { options: instructors.data?.users, failed: instructors.isError } : undefined}
            disabled={busy}
          />
          <DialogFooter>
            <Button variant="outline" disabled={busy} onClick={() => setOpen(false)}>
              {t("create.cancel")}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy && <Spinner />}
              {busy ? t("create.creating") : t("create.title")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
