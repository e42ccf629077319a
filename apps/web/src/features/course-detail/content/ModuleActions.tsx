import type { CourseModule } from "@lms/contract";
import { FilePlus2, Pencil, Plug, Plus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { deleteFallback, deleteTrigger } from "@/lib/useFocusAfterDelete";
import type { OpenDialog } from "../dialog-state";
import { FOCUS_GROUPS } from "../focus-groups";

/**
 * A module header's manager buttons. On narrow screens Edit and Delete stay beside the title as
 * icons and the add buttons move to their own line. Every module has the same buttons, so each name
 * starts with what the button shows and goes on with the module's title. The reorder controls lead
 * the add buttons' line.
 */
export function ModuleActions({
  module,
  onOpen,
  reorderControls,
}: {
  module: CourseModule;
  onOpen: OpenDialog;
  reorderControls?: ReactNode;
}) {
  const { t } = useTranslation(["course-detail", "lti"]);
  return (
    <>
      <div className="order-last flex w-full flex-wrap gap-2 pl-7 sm:order-none sm:w-auto sm:pl-0">
        {reorderControls}
        <Button
          variant="outline"
          size="sm"
          aria-label={t("content.addLessonTo", { title: module.title })}
          onClick={() => onOpen({ type: "create", kind: "lesson", moduleId: module._id })}
          {...deleteFallback(FOCUS_GROUPS.lessons(module._id))}
        >
          <Plus aria-hidden="true" />
          {t("actions.addLesson")}
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-label={t("content.addFilesTo", { title: module.title })}
          onClick={() => onOpen({ type: "files", moduleId: module._id })}
        >
          <FilePlus2 aria-hidden="true" />
          {t("actions.addFiles")}
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-label={t("add.buttonLabel", { ns: "lti", title: module.title })}
          onClick={() => onOpen({ type: "lti", module })}
        >
          <Plug aria-hidden="true" />
          {t("add.button", { ns: "lti" })}
        </Button>
      </div>
      <div className="flex gap-1">
        <Button
          variant="ghost"
          size="sm"
          aria-label={t("content.editModule", { title: module.title })}
          onClick={() => onOpen({ type: "edit-module", module })}
        >
          <Pencil aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">{t("actions.edit")}</span>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:text-destructive"
          aria-label={t("content.deleteModule", { title: module.title })}
          onClick={(event) =>
            onOpen({ type: "delete-content", target: { kind: "module", module }, trigger: event.currentTarget })
          }
          {...deleteTrigger(FOCUS_GROUPS.modules)}
        >
          <Trash2 aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">{t("actions.delete")}</span>
        </Button>
      </div>
    </>
  );
}
