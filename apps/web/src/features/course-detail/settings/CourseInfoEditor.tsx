import type { CourseDetail } from "@lms/contract";
import { FolderTree, Pencil } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { messageOf } from "@/api/errors";
import { useUpdateCourse } from "@/api/managed-courses";
import { useActiveInstructors } from "@/api/users";
import type { CourseArea } from "@/auth/roles";
import { CourseFormFields } from "@/components/course-form/CourseFormFields";
import { courseToForm, formToPayload, LANGUAGE_LABELS } from "@/components/course-form/course-form";
import { useCourseForm } from "@/components/course-form/useCourseForm";
import { FormActions } from "@/components/FormActions";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { COURSE_UI } from "@/lib/course-messages";
import { formatPrice } from "@/lib/format";
import { toast } from "@/lib/toast";

/**
 * Read-only course info, then edit mode with Save Changes or Cancel (which resets the fields).
 * Admins also choose the instructor; the course's instructor edits everything else (issue 9).
 */
export function CourseInfoEditor({ course, area }: { course: CourseDetail; area: CourseArea }) {
  const { t } = useTranslation("course-detail");
  const [editing, setEditing] = useState(false);
  const assigns = area === "/admin";
  const defaults = courseToForm(course);
  const { form, reportInvalid, showServerErrors } = useCourseForm(defaults, assigns);
  const instructors = useActiveInstructors(editing && assigns);
  const update = useUpdateCourse(area, course._id);
  const busy = update.isPending;

  const cancel = () => {
    form.reset(defaults);
    setEditing(false);
  };

  const save = form.handleSubmit((values) => {
    const { categoryId: _category, ...changes } = formToPayload(values, assigns);
    update.mutate(changes, {
      onSuccess: () => {
        toast.success(t("info.updated"));
        setEditing(false);
      },
      onError: (error) => {
        showServerErrors(error);
        toast.error(COURSE_UI.errorTitle, { description: messageOf(error, COURSE_UI.saveSettingsFailed) });
      },
    });
  }, reportInvalid);

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle className="text-lg">{t("info.editorTitle")}</CardTitle>
        {!editing && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              form.reset(courseToForm(course));
              setEditing(true);
            }}
          >
            <Pencil aria-hidden="true" />
            {t("actions.edit")}
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {editing ? (
          <form onSubmit={save} noValidate className="grid gap-6">
            <CourseFormFields
              form={form}
              idPrefix="settings"
              categories={undefined}
              instructors={
                assigns
                  ? {
                      options: instructors.data?.users ?? (course.instructorId ? [course.instructorId] : undefined),
                      failed: instructors.isError,
                    }
                  : undefined
              }
              disabled={busy}
              categorySlot={<CategoryField name={course.category} />}
            />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <FormActions busy={busy} onCancel={cancel} />
            </div>
          </form>
        ) : (
          <ReadOnlyInfo course={course} />
        )}
      </CardContent>
    </Card>
  );
}

function CategoryField({ name }: { name: string | null }) {
  const { t } = useTranslation("course-detail");
  return (
    <div className="grid gap-2">
      <Label>{t("info.category")}</Label>
      <div className="flex items-center gap-2">
        <span className="min-w-0 flex-1 truncate rounded-md border bg-muted/50 px-3 py-2 text-sm">
          {name ?? t("info.none")}
        </span>
        <Button variant="outline" size="sm" disabled disabledReason={t("info.changeCategoryUnavailable")}>
          <FolderTree aria-hidden="true" />
          {t("info.changeCategory")}
        </Button>
      </div>
    </div>
  );
}

function ReadOnlyInfo({ course }: { course: CourseDetail }) {
  const { t } = useTranslation("course-detail");
  const none = t("info.none");
  const rows: [string, string][] = [
    [t("info.titleField"), course.title],
    [t("info.shortDescription"), course.shortDescription],
    [t("info.description"), course.description],
    [t("info.category"), course.category ?? none],
    [t("info.instructor"), course.instructor ?? none],
    [t("info.courseCode"), course.courseCode],
    [t("info.price"), formatPrice(course.priceCredits)],
    [t("info.duration"), t("info.minutes", { count: course.duration })],
    [t("info.difficulty"), t(`info.difficulties.${course.difficulty}`)],
    [t("info.language"), LANGUAGE_LABELS[course.language]],
    [t("info.tags"), course.tags.join(", ") || none],
    [t("info.requirements"), course.requirements.join("\n") || none],
    [t("info.learningOutcomes"), course.learningOutcomes.join("\n") || none],
  ];
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="whitespace-pre-line break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
