import type { LtiCourseTool } from "@lms/contract";
import { Link2 } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiError, fieldMessage } from "@/api/errors";
import { useCreateLtiLink } from "@/api/lti";
import type { CourseArea } from "@/auth/roles";
import { controlProps, errorId, FormField } from "@/components/FormField";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { failureText } from "@/lib/server-errors";
import { toast } from "@/lib/toast";

interface LtiLinkFormProps {
  area: CourseArea;
  courseId: string;
  moduleId: string;
  tool: LtiCourseTool;
  onClose: () => void;
}

interface LinkValues {
  title: string;
  url: string;
  scoreMaximum: string;
}

const FIELDS = ["title", "url", "scoreMaximum"] as const;

/** A lesson that launches the tool (at `url` when given), graded out of `scoreMaximum` when given. */
export function LtiLinkForm({ area, courseId, moduleId, tool, onClose }: LtiLinkFormProps) {
  const { t } = useTranslation(["lti", "messages", "common"]);
  const id = useId();
  const form = useForm<LinkValues>({ defaultValues: { title: "", url: "", scoreMaximum: "" } });
  const errors = form.formState.errors;
  const create = useCreateLtiLink(area, courseId, moduleId);
  const busy = create.isPending;
  const control = (field: keyof LinkValues) => controlProps(`${id}-${field}`, errors[field], busy);

  const submit = form.handleSubmit(({ title, url, scoreMaximum }) => {
    if (busy) return;
    create.mutate(
      {
        toolId: tool._id,
        title,
        url: url.trim() || null,
        scoreMaximum: scoreMaximum.trim() ? Number(scoreMaximum) : null,
      },
      {
        onSuccess: () => {
          toast.success(t("LTI_MESSAGES.linkCreated", { ns: "messages" }));
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError)
            for (const item of error.errors) {
              const field = FIELDS.find((name) => item.path === name);
              if (field) form.setError(field, { message: fieldMessage(item) }, { shouldFocus: true });
            }
          toast.error(t("add.linkFailed"), { description: failureText(error, t("add.linkFailed")) });
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <p className="text-muted-foreground text-sm">{t("add.linkHint", { name: tool.name })}</p>
      <FormField id={`${id}-title`} label={t("add.linkTitle")} error={errors.title?.message}>
        <Input {...control("title")} autoComplete="off" {...form.register("title")} />
      </FormField>
      <FormField id={`${id}-url`} label={t("add.url")} error={errors.url?.message}>
        <Input {...control("url")} type="url" autoComplete="off" {...form.register("url")} />
      </FormField>
      <FormField id={`${id}-scoreMaximum`} label={t("add.scoreMaximum")} error={errors.scoreMaximum?.message}>
        <Input
          {...control("scoreMaximum")}
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          aria-describedby={errors.scoreMaximum ? errorId(`${id}-scoreMaximum`) : `${id}-scoreMaximum-hint`}
          {...form.register("scoreMaximum")}
        />
        <p id={`${id}-scoreMaximum-hint`} className="text-muted-foreground text-xs">
          {t("add.scoreMaximumHint")}
        </p>
      </FormField>
      <DialogFooter>
        <Button variant="outline" disabled={busy} onClick={onClose}>
          {t("actions.cancel", { ns: "common" })}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner /> : <Link2 aria-hidden="true" />}
          {t("add.addLink")}
        </Button>
      </DialogFooter>
    </form>
  );
}
