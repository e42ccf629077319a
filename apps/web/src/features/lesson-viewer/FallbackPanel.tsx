import type { LessonFile } from "@lms/contract";
import { ExternalLink, FileQuestion, RotateCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { formatSize } from "@/lib/format";

interface FallbackPanelProps {
  file: LessonFile;
  /** Why the file is not shown inline; omitted for types the viewer cannot show. */
  problem?: string;
  onOpen?: () => void;
  onRetry?: () => void;
}

/** A file shown as a panel with Open (and Retry after a failed load). */
export function FallbackPanel({ file, problem, onOpen, onRetry }: FallbackPanelProps) {
  const { t } = useTranslation("lesson-viewer");
  return (
    <div
      role={problem ? "alert" : undefined}
      className="flex min-h-72 flex-col items-center justify-center gap-3 rounded-xl border bg-card p-8 text-center"
    >
      <FileQuestion aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="break-all font-medium">{file.name}</p>
      <p className="text-sm text-muted-foreground">
        {problem ?? t("fallback.opensInTab", { type: file.type, size: formatSize(file.size) })}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <a href={file.url} target="_blank" rel="noreferrer noopener" onClick={onOpen}>
            <ExternalLink aria-hidden="true" />
            {t("open")}
          </a>
        </Button>
        {onRetry && (
          <Button variant="outline" onClick={onRetry}>
            <RotateCw aria-hidden="true" />
            {t("fallback.retry")}
          </Button>
        )}
      </div>
    </div>
  );
}
