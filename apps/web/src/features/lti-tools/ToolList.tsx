import type { LtiTool } from "@lms/contract";
import { Pencil, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";

interface ToolListProps {
  tools: LtiTool[];
  onEdit: (tool: LtiTool) => void;
  onDelete: (tool: LtiTool) => void;
}

/** The registered tools, one card each: its ids, what it may use, Edit and Delete. */
export function ToolList({ tools, onEdit, onDelete }: ToolListProps) {
  const { t } = useTranslation("lti");
  return (
    <ul className="grid gap-3" aria-label={t("tools.title")}>
      {tools.map((tool) => (
        <li key={tool._id} className="grid gap-3 rounded-lg border p-4" data-testid="lti-tool">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 className="min-w-0 break-words font-semibold">{tool.name}</h3>
            <div className="flex gap-1">
              <Button
                variant="ghost"
                size="sm"
                aria-label={t("tools.editLabel", { name: tool.name })}
                onClick={() => onEdit(tool)}
              >
                <Pencil aria-hidden="true" />
                {t("tools.edit")}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="text-destructive hover:text-destructive"
                aria-label={t("tools.deleteLabel", { name: tool.name })}
                onClick={() => onDelete(tool)}
              >
                <Trash2 aria-hidden="true" />
                {t("tools.delete")}
              </Button>
            </div>
          </div>
          <dl className="grid gap-2 text-sm sm:grid-cols-[max-content_minmax(0,1fr)] sm:gap-x-4">
            <dt className="text-muted-foreground">{t("tools.clientId")}</dt>
            <dd className="break-all font-mono text-xs">{tool.clientId}</dd>
            <dt className="text-muted-foreground">{t("tools.deploymentIds")}</dt>
            <dd className="break-all font-mono text-xs">{tool.deploymentIds.join(", ")}</dd>
            <dt className="text-muted-foreground">{t("tools.services")}</dt>
            <dd className="flex flex-wrap gap-1">
              {tool.services.length === 0 && t("tools.noServices")}
              {tool.services.map((service) => (
                <Badge key={service} variant="secondary">
                  {t(`services.${service}`)}
                </Badge>
              ))}
              {tool.deepLinkingUrl && <Badge variant="outline">{t("tools.deepLinking")}</Badge>}
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
