import { REPORT_DATE_FIELDS, REPORT_TYPES, type ReportRequest, type ReportType, ROLES } from "@lms/contract";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiError } from "@/api/errors";
import { useManagedCourseOptions } from "@/api/managed-courses";
import { useDownloadReport } from "@/api/reports";
import { ROLE_LABELS } from "@/auth/roles";
import { FormDialog } from "@/components/FormDialog";
import { controlProps, FormField } from "@/components/FormField";
import { Alert, AlertTitle } from "@/components/ui/alert";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { failureText } from "@/lib/server-errors";
import { toast } from "@/lib/toast";
import { appliesTo, EMPTY_REPORT_FORM, fieldOf, type ReportFormValues, reportResolver } from "./report-form";

/** The report dialog of the admin dashboard: choose a report and its filters, get the CSV file. */
export function GenerateReportsDialog({ onClose }: { onClose: () => void }) {
  const form = useForm<ReportFormValues, unknown, ReportRequest>({
    defaultValues: EMPTY_REPORT_FORM,
    resolver: reportResolver,
  });
  const download = useDownloadReport();
  const type = form.watch("reportType");
  const courses = useManagedCourseOptions();
  const { errors } = form.formState;
  const busy = download.isPending;
  const { t } = useTranslation(["dashboard", "messages"]);

  const submit = form.handleSubmit((request) =>
    download.mutate(request, {
      onSuccess: () => {
        toast.success(t("reports.downloaded"), {
          description: t("reports.savedAs", { report: t(`reports.types.${request.reportType}`) }),
        });
        onClose();
      },
      onError: (error) => {
        for (const item of error instanceof ApiError ? error.errors : []) {
          const field = fieldOf(item.path);
          if (field) form.setError(field, { message: item.msg });
        }
      },
    }),
  );

  const dateField = REPORT_DATE_FIELDS[type];
  return (
    <FormDialog
      title={t("reports.title")}
      description={t("reports.description")}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t("reports.submit")}
    >
      <FormField id="report-type" label={t("reports.report")} error={errors.reportType?.message}>
        <NativeSelect {...controlProps("report-type", errors.reportType, busy)} {...form.register("reportType")}>
          {REPORT_TYPES.map((reportType) => (
            <option key={reportType} value={reportType}>
              {t(`reports.types.${reportType}`)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {dateField && (
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 text-sm text-muted-foreground">
            {t(`reports.dateRange.${type as Exclude<ReportType, "grades">}`)}
          </legend>
          <FormField id="report-start" label={t("reports.from")} error={errors.startDate?.message}>
            <Input
              type="date"
              {...controlProps("report-start", errors.startDate, busy)}
              {...form.register("startDate")}
            />
          </FormField>
          <FormField id="report-end" label={t("reports.to")} error={errors.endDate?.message}>
            <Input type="date" {...controlProps("report-end", errors.endDate, busy)} {...form.register("endDate")} />
          </FormField>
        </fieldset>
      )}
      {appliesTo(type, "courseId") && (
        <FormField id="report-course" label={t("reports.course")} error={errors.courseId?.message}>
          <NativeSelect
            {...controlProps("report-course", errors.courseId, busy || courses.isPending)}
            {...form.register("courseId")}
          >
            <option value="">{courses.isPending ? t("reports.loadingCourses") : t("reports.allCourses")}</option>
            {courses.data?.map((course) => (
              <option key={course._id} value={course._id}>
                {course.title}
              </option>
            ))}
          </NativeSelect>
          {courses.isError && <p className="text-sm text-destructive">{t("reports.coursesFailed")}</p>}
        </FormField>
      )}
      {appliesTo(type, "role") && (
        <FormField id="report-role" label={t("reports.role")} error={errors.role?.message}>
          <NativeSelect {...controlProps("report-role", errors.role, busy)} {...form.register("role")}>
            <option value="">{t("reports.allRoles")}</option>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      )}
      {download.isError && (
        <Alert variant="destructive">
          <AlertTitle>{t("reports.failed")}</AlertTitle>
          <p>{failureText(download.error, t("reports.tryAgain"))}</p>
        </Alert>
      )}
    </FormDialog>
  );
}
