import { LTI_SERVICES, type LtiTool } from "@lms/contract";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiError, fieldMessage } from "@/api/errors";
import { useSaveLtiTool } from "@/api/lti";
import { FormDialog } from "@/components/FormDialog";
import { controlProps, errorId, FormField } from "@/components/FormField";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { failureText } from "@/lib/server-errors";
import { toast } from "@/lib/toast";
import { formFieldOf, parseCustomParameters, type ToolFormValues, toolFormValues, toolInput } from "./tool-form";

interface ToolFormDialogProps {
  /** The tool to edit; null to register one. */
  tool: LtiTool | null;
  onClose: () => void;
  /** After a registration: the tool as stored, with the ids this site generated. */
  onRegistered: (tool: LtiTool) => void;
}

/** Register or edit an LTI tool; the server's field errors land under their fields. */
export function ToolFormDialog({ tool, onClose, onRegistered }: ToolFormDialogProps) {
  const { t } = useTranslation(["lti", "messages"]);
  const form = useForm<ToolFormValues>({ defaultValues: toolFormValues(tool) });
  const { register, formState, handleSubmit, setError } = form;
  const errors = formState.errors;
  const keySource = useWatch({ control: form.control, name: "keySource" });
  const save = useSaveLtiTool();
  const busy = save.isPending;
  const control = (field: keyof ToolFormValues) => controlProps(`lti-${field}`, errors[field], busy);

  const showServerErrors = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    for (const item of error.errors) {
      let field = formFieldOf(item.path);
      // "give one key source" is reported on jwksUrl; it belongs to whichever source is shown.
      if (field === "jwksUrl" && keySource === "publicKey") field = "publicKey";
      if (field) setError(field, { message: fieldMessage(item) }, { shouldFocus: true });
    }
  };

  const submit = handleSubmit((values) => {
    if (busy) return;
    const customParameters = parseCustomParameters(values.customParameters);
    if (!customParameters) {
      setError("customParameters", { message: t("form.customParametersInvalid") }, { shouldFocus: true });
      return;
    }
    save.mutate(
      { toolId: tool?._id ?? null, input: toolInput(values, customParameters) },
      {
        onSuccess: ({ tool: saved }) => {
          if (tool) {
            toast.success(t("LTI_MESSAGES.toolUpdated", { ns: "messages" }));
            onClose();
          } else {
            toast.success(t("LTI_MESSAGES.toolCreated", { ns: "messages" }));
            onRegistered(saved);
          }
        },
        onError: (error) => {
          showServerErrors(error);
          toast.error(t("form.saveFailed"), { description: failureText(error, t("form.saveFailed")) });
        },
      },
    );
  });

  const text = (field: "name" | "loginUrl" | "launchUrl" | "deepLinkingUrl" | "jwksUrl", type = "url") => (
    <FormField id={`lti-${field}`} label={t(`form.${field}`)} error={errors[field]?.message}>
      <Input {...control(field)} type={type} autoComplete="off" {...register(field)} />
    </FormField>
  );

  return (
    <FormDialog
      title={tool ? t("form.editTitle", { name: tool.name }) : t("form.registerTitle")}
      description={tool ? t("form.editDescription") : t("form.registerDescription")}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={tool ? undefined : t("form.register")}
    >
      <div className="grid max-h-[60vh] gap-4 overflow-y-auto px-1">
        {text("name", "text")}
        {text("loginUrl")}
        {text("launchUrl")}
        {text("deepLinkingUrl")}
        <fieldset className="grid gap-2">
          <legend className="mb-2 font-medium text-sm">{t("form.keySource")}</legend>
          <div className="flex flex-wrap gap-4 text-sm">
            {(["jwks", "publicKey"] as const).map((source) => (
              <label key={source} className="flex items-center gap-2">
                <input
                  type="radio"
                  value={source}
                  className="size-4 accent-primary"
                  disabled={busy}
                  {...register("keySource")}
                />
                {source === "jwks" ? t("form.keyJwks") : t("form.keyPublicKey")}
              </label>
            ))}
          </div>
        </fieldset>
        {keySource === "jwks" ? (
          text("jwksUrl")
        ) : (
          <FormField id="lti-publicKey" label={t("form.publicKey")} error={errors.publicKey?.message}>
            <Textarea {...control("publicKey")} rows={5} className="font-mono text-xs" {...register("publicKey")} />
          </FormField>
        )}
        <FormField id="lti-deploymentIds" label={t("form.deploymentIds")} error={errors.deploymentIds?.message}>
          <Textarea
            {...control("deploymentIds")}
            rows={2}
            className="font-mono text-xs"
            aria-describedby={errors.deploymentIds ? errorId("lti-deploymentIds") : "lti-deploymentIds-hint"}
            {...register("deploymentIds")}
          />
          <p id="lti-deploymentIds-hint" className="text-muted-foreground text-xs">
            {t("form.deploymentIdsHint")}
          </p>
        </FormField>
        <fieldset className="grid gap-2">
          <legend className="mb-2 font-medium text-sm">{t("form.services")}</legend>
          {LTI_SERVICES.map((service) => (
            <label key={service} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                value={service}
                className="size-4 accent-primary"
                disabled={busy}
                {...register("services")}
              />
              {t(`services.${service}`)}
            </label>
          ))}
          {errors.services?.message && <p className="text-destructive text-sm">{errors.services.message}</p>}
        </fieldset>
        <FormField
          id="lti-customParameters"
          label={t("form.customParameters")}
          error={errors.customParameters?.message}
        >
          <Textarea
            {...control("customParameters")}
            rows={3}
            className="font-mono text-xs"
            placeholder="course_level=advanced"
            aria-describedby={errors.customParameters ? errorId("lti-customParameters") : "lti-customParameters-hint"}
            {...register("customParameters")}
          />
          <p id="lti-customParameters-hint" className="text-muted-foreground text-xs">
            {t("form.customParametersHint")}
          </p>
        </FormField>
      </div>
    </FormDialog>
  );
}
