import type { LtiTool } from "@lms/contract";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { CopyField } from "./CopyField";

/** Shown once a tool is registered: the client id and deployment id this site generated for it. */
export function RegisteredDialog({ tool, onClose }: { tool: LtiTool; onClose: () => void }) {
  const { t } = useTranslation("lti");
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("registered.title")}</DialogTitle>
          <DialogDescription>{t("registered.description", { name: tool.name })}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <CopyField label={t("registered.clientId")} value={tool.clientId} />
          {tool.deploymentIds.map((deploymentId) => (
            <CopyField key={deploymentId} label={t("registered.deploymentId")} value={deploymentId} />
          ))}
        </div>
        <DialogFooter>
          <Button onClick={onClose}>{t("registered.done")}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
