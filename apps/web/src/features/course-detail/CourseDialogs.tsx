import type { CourseDetail } from "@lms/contract";
import type { CourseArea } from "@/auth/roles";
import { AddFilesDialog } from "@/components/content/AddFilesDialog";
import { CreateItemDialog } from "./CreateItemDialog";
import { AddFromToolDialog } from "./content/AddFromToolDialog";
import { DeleteContentDialog } from "./DeleteContentDialog";
import type { CourseDialog, OpenDialog } from "./dialog-state";
import { EditLessonDialog } from "./EditLessonDialog";
import { EditModuleDialog } from "./EditModuleDialog";

interface CourseDialogsProps {
  course: CourseDetail;
  area: CourseArea;
  dialog: CourseDialog;
  onOpen: OpenDialog;
  onModuleCreated: (moduleId: string) => void;
}

/** The course manager's dialogs; one at a time, each fresh when opened. */
export function CourseDialogs({ course, area, dialog, onOpen, onModuleCreated }: CourseDialogsProps) {
  const close = () => onOpen(null);
  if (!dialog) return null;
  switch (dialog.type) {
    case "create":
      return (
        <CreateItemDialog
          key={`${dialog.kind}-${dialog.moduleId}`}
          area={area}
          courseId={course._id}
          kind={dialog.kind}
          moduleId={dialog.moduleId}
          onClose={close}
          onModuleCreated={onModuleCreated}
        />
      );
    case "files":
      return (
        <AddFilesDialog
          area={area}
          courseId={course._id}
          moduleId={dialog.moduleId}
          lesson={dialog.lesson}
          onClose={close}
        />
      );
    case "lti":
      return <AddFromToolDialog area={area} courseId={course._id} module={dialog.module} onClose={close} />;
    case "edit-module":
      return <EditModuleDialog area={area} courseId={course._id} module={dialog.module} onClose={close} />;
    case "edit-lesson":
      return (
        <EditLessonDialog
          area={area}
          courseId={course._id}
          moduleId={dialog.moduleId}
          lesson={dialog.lesson}
          onClose={close}
        />
      );
    case "delete-content":
      return (
        <DeleteContentDialog
          area={area}
          courseId={course._id}
          target={dialog.target}
          trigger={dialog.trigger}
          onClose={close}
        />
      );
  }
}
