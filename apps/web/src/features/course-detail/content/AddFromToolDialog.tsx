import type { CourseModule } from "@lms/contract";
import { Plug } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLtiCourseTools } from "@/api/lti";
import type { CourseArea } from "@/auth/roles";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { DeepLinkingPanel } from "./DeepLinkingPanel";
import { LtiLinkForm } from "./LtiLinkForm";

interface AddFromToolDialogProps {
  area: CourseArea;
  courseId: string;
  module: CourseModule;
  onClose: () => void;
}

/**
 * "Add from an LTI tool": pick a registered tool; one with deep linking opens in a frame where the
 * instructor chooses content, any other is added as a lesson linking to it.
 */
export function AddFromToolDialog({ area, courseId, module, onClose }: AddFromToolDialogProps) {
  const { t } = useTranslation("lti");
  const id = useId();
  const tools = useLtiCourseTools(area, courseId);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const tool = tools.data?.find((candidate) => candidate._id === chosenId) ?? tools.data?.[0];

  let body: ReactNode;
  if (tools.isPending) body = <Spinner label={t("add.loading")} />;
  else if (tools.isError) body = <ErrorState title={t("add.loadFailed")} onRetry={() => tools.refetch()} />;
  else if (!tool) body = <EmptyState icon={Plug} title={t("add.empty")} description={t("add.emptyHint")} />;
  else {
    body = (
      <div className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-tool`}>{t("add.tool")}</Label>
          <NativeSelect id={`${id}-tool`} value={tool._id} onChange={(event) => setChosenId(event.target.value)}>
            {tools.data.map((candidate) => (
              <option key={candidate._id} value={candidate._id}>
                {candidate.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        {tool.canDeepLink ? (
          <DeepLinkingPanel
            key={tool._id}
            area={area}
            courseId={courseId}
            moduleId={module._id}
            tool={tool}
            onDone={onClose}
          />
        ) : (
          <LtiLinkForm
            key={tool._id}
            area={area}
            courseId={courseId}
            moduleId={module._id}
            tool={tool}
            onClose={onClose}
          />
        )}
      </div>
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[95dvh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t("add.title")}</DialogTitle>
          <DialogDescription>{t("add.description", { title: module.title })}</DialogDescription>
        </DialogHeader>
        {body}
      </DialogContent>
    </Dialog>
  );
}
