import type { Material } from "@lms/contract";
import { Download, ExternalLink, FileText, FileVideo, Link2 } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { COURSE_UI } from "@/lib/course-messages";
import { formatDate } from "@/lib/datetime";
import { formatCount, formatSize } from "@/lib/format";
import { toast } from "@/lib/toast";
import { MATERIAL_TYPE_LABELS } from "./material-types";

const ICONS = { pdf: FileText, video: FileVideo, document: FileText, link: Link2 } as const;

interface MaterialRowProps {
  material: Material;
  /** Lists across courses name the material's course, linked to it. */
  course?: { id: string; title: string };
  actions?: ReactNode;
}

/** One material: what it is, and Open (links, in a new tab) or Download (files, through their signed url). */
export function MaterialRow({ material, course, actions }: MaterialRowProps) {
  const { t } = useTranslation();
  const Icon = ICONS[material.type];
  const isLink = material.type === "link";
  const missing = () => toast.error(COURSE_UI.downloadFailedTitle, { description: COURSE_UI.noDownloadUrl });
  return (
    <div className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm sm:flex-row sm:items-center">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="break-words font-medium">{material.title}</p>
          <Badge variant="outline">{MATERIAL_TYPE_LABELS[material.type]}</Badge>
        </div>
        {course && (
          <Link
            to={`/courses/${course.id}`}
            className="w-fit break-words text-sm font-medium text-primary hover:underline focus-visible:underline focus-visible:outline-none"
          >
            {course.title}
          </Link>
        )}
        {material.description && <p className="text-sm text-muted-foreground">{material.description}</p>}
        {isLink && <p className="truncate text-xs text-muted-foreground">{material.url}</p>}
        <p className="text-xs text-muted-foreground">
          {[
            material.fileName,
            material.size !== null ? formatSize(material.size) : null,
            isLink
              ? null
              : t("format.downloads", { count: material.downloads, formatted: formatCount(material.downloads) }),
            formatDate(material.uploadDate),
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
      </div>
      <div className="flex items-center gap-2 self-start sm:self-center">
        {material.url ? (
          <Button variant="outline" size="sm" asChild>
            <a
              href={material.url}
              {...(isLink ? { target: "_blank", rel: "noopener noreferrer" } : { download: material.fileName ?? "" })}
            >
              {isLink ? <ExternalLink aria-hidden="true" /> : <Download aria-hidden="true" />}
              {isLink ? t("material.open") : t("material.download")}
              <span className="sr-only"> {material.title}</span>
            </a>
          </Button>
        ) : (
          <Button variant="outline" size="sm" onClick={missing}>
            <Download aria-hidden="true" />
            {t("material.download")}
            <span className="sr-only"> {material.title}</span>
          </Button>
        )}
        {actions}
      </div>
    </div>
  );
}
