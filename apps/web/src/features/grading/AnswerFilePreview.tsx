import type { AnswerFile } from "@lms/contract";
import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatSize } from "@/lib/format";

const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

/** An uploaded file shown where the browser can (PDF in a frame, images), always with a download link. */
export function AnswerFilePreview({ file }: { file: AnswerFile }) {
  const downloadUrl = `${file.url}&download=1`;
  const { t } = useTranslation("grading");
  return (
    <div className="grid gap-2">
      {file.mimeType === "application/pdf" && (
        <iframe
          src={file.url}
          title={t("file.preview", { name: file.name })}
          className="h-[60vh] min-h-80 w-full rounded-md border bg-muted"
        />
      )}
      {IMAGE_TYPES.has(file.mimeType) && (
        <img
          src={file.url}
          alt={t("file.uploaded", { name: file.name })}
          className="max-h-[60vh] w-auto max-w-full rounded-md border"
        />
      )}
      <a
        href={downloadUrl}
        download={file.name}
        className="inline-flex items-center gap-1.5 justify-self-start rounded-sm text-sm font-medium underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Download aria-hidden="true" className="size-4" />
        {t("file.download", { name: file.name, size: formatSize(file.size) })}
      </a>
    </div>
  );
}
