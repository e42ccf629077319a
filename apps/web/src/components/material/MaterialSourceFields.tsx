import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { controlProps, FormField } from "@/components/FormField";
import { UploadLimitsHint } from "@/components/UploadLimitsHint";
import { Input } from "@/components/ui/input";
import { MaterialSourceChoice } from "./MaterialSourceChoice";

interface MaterialSourceFieldsProps {
  /** The form's `useId()`; the controls get `${id}-file` and `${id}-url`. */
  id: string;
  busy: boolean;
  source: "file" | "link";
  urlError?: FieldError;
  register: (name: "source" | "url") => UseFormRegisterReturn;
  onFile: (file: File | null) => void;
}

/** File or Link, then the file picker or the URL input: the source part of every new-material form. */
export function MaterialSourceFields({ id, busy, source, urlError, register, onFile }: MaterialSourceFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <MaterialSourceChoice disabled={busy} {...register("source")} />
      {/* Hidden rather than unmounted, so a chosen file survives a look at the Link option. */}
      <div hidden={source !== "file"}>
        <FormField id={`${id}-file`} label={t("material.fileToUpload")}>
          <Input
            id={`${id}-file`}
            type="file"
            disabled={busy}
            aria-describedby={`${id}-limits`}
            onChange={(event) => onFile(event.target.files?.[0] ?? null)}
            className="h-auto py-1.5 file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-1 file:text-sm file:font-medium"
          />
          <UploadLimitsHint id={`${id}-limits`} types="allowed" />
        </FormField>
      </div>
      {source === "link" && (
        <FormField id={`${id}-url`} label={t("material.url")} error={urlError?.message}>
          <Input
            type="url"
            inputMode="url"
            placeholder="https://"
            {...controlProps(`${id}-url`, urlError, busy)}
            {...register("url")}
          />
        </FormField>
      )}
    </>
  );
}
