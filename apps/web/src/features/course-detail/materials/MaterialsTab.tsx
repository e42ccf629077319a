import type { CourseDetail, Material } from "@lms/contract";
import { Download, ExternalLink, FileText, FileVideo, Link2, Upload } from "lucide-react";
import { toast } from "sonner";
import { EmptyState } from "@/components/EmptyState";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { COURSE_UI } from "@/lib/course-messages";
import { formatDate, formatSize, plural } from "@/lib/format";
import type { OpenDialog } from "../dialog-state";

const ICONS = { pdf: FileText, video: FileVideo, document: FileText, link: Link2 } as const;
const TYPE_LABELS = { pdf: "PDF", video: "Video", document: "Document", link: "Link" } as const;

interface MaterialsTabProps {
  course: CourseDetail;
  canManage: boolean;
  onOpen: OpenDialog;
}

export function MaterialsTab({ course, canManage, onOpen }: MaterialsTabProps) {
  if (course.materials.length === 0) {
    return (
      <EmptyState
        icon={FileText}
        title="No materials yet"
        description={canManage ? "Upload slides, handouts or reading lists for this course." : undefined}
        action={
          canManage && (
            <Button onClick={() => onOpen({ type: "create", kind: "material" })}>
              <Upload aria-hidden="true" />
              Upload Material
            </Button>
          )
        }
      />
    );
  }
  return (
    <ul className="grid gap-3">
      {course.materials.map((material) => (
        <li key={material._id}>
          <MaterialRow material={material} />
        </li>
      ))}
    </ul>
  );
}

function MaterialRow({ material }: { material: Material }) {
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
          <Badge variant="outline">{TYPE_LABELS[material.type]}</Badge>
        </div>
        {material.description && <p className="text-sm text-muted-foreground">{material.description}</p>}
        <p className="text-xs text-muted-foreground">
          {[
            material.fileName,
            material.size !== null ? formatSize(material.size) : null,
            plural(material.downloads, "download"),
            formatDate(material.uploadDate),
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
      </div>
      {material.url ? (
        <Button variant="outline" size="sm" asChild className="self-start sm:self-center">
          <a
            href={material.url}
            {...(isLink ? { target: "_blank", rel: "noreferrer noopener" } : { download: material.fileName ?? "" })}
          >
            {isLink ? <ExternalLink aria-hidden="true" /> : <Download aria-hidden="true" />}
            {isLink ? "Open" : "Download"}
            <span className="sr-only"> {material.title}</span>
          </a>
        </Button>
      ) : (
        <Button variant="outline" size="sm" className="self-start sm:self-center" onClick={missing}>
          <Download aria-hidden="true" />
          Download
          <span className="sr-only"> {material.title}</span>
        </Button>
      )}
    </div>
  );
}
