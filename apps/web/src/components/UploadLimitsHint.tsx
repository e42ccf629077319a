import { useTranslation } from "react-i18next";
import { usePublicSettings } from "@/api/site-settings";
import { cn } from "@/lib/utils";

interface UploadLimitsHintProps {
  /** Referenced by the file input's aria-describedby. */
  id: string;
  /**
   * Extensions the upload takes; "allowed" for the allowedFileTypes setting, "video" for any video,
   * "any" for every type.
   */
  types: readonly string[] | "allowed" | "any" | "video";
  /** The route's own cap in megabytes, when lower than the maxFileSize setting may be. */
  capMegabytes?: number;
  /** Whether the maxFileSize setting governs this upload (recordings keep their own limit). */
  followsSetting?: boolean;
  className?: string;
}

/** What an upload accepts (types and size), shown before a file is chosen; the size follows the maxFileSize setting. */
export function UploadLimitsHint({ id, types, capMegabytes, followsSetting = true, className }: UploadLimitsHintProps) {
  const { t, i18n } = useTranslation();
  const settings = usePublicSettings();
  const maxFileSize = followsSetting ? settings?.maxFileSize : undefined;
  const megabytes = Math.min(capMegabytes ?? Number.POSITIVE_INFINITY, maxFileSize ?? Number.POSITIVE_INFINITY);
  const size = Number.isFinite(megabytes)
    ? t("uploadLimits.size", {
        size: new Intl.NumberFormat(i18n.language, { style: "unit", unit: "megabyte" }).format(megabytes),
      })
    : "";
  const list = (names: readonly string[]) =>
    new Intl.ListFormat(i18n.language, { type: "disjunction" }).format(names.map((name) => name.toUpperCase()));
  const what =
    types === "any"
      ? t("uploadLimits.anyType")
      : types === "video"
        ? t("uploadLimits.video")
        : types === "allowed"
          ? settings && t("uploadLimits.types", { types: list(settings.allowedFileTypes) })
          : t("uploadLimits.types", { types: list(types) });
  return (
    <p id={id} className={cn("text-sm text-muted-foreground", className)}>
      {[what, size].filter(Boolean).join(" ")}
    </p>
  );
}

/** The `accept` attribute for a list of extensions. */
export const acceptOf = (types: readonly string[]) => types.map((ext) => `.${ext}`).join(",");
