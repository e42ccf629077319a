import type { Lesson } from "@lms/contract";
import { FilePlus2, FolderOpen } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CourseArea } from "@/auth/roles";
import { AddFilesDialog } from "@/components/content/AddFilesDialog";
import { EmptyState } from "@/components/EmptyState";
import { Button } from "@/components/ui/button";
import { COURSE_UI } from "@/lib/course-messages";

interface NoContentProps {
  area: CourseArea | null;
  courseId: string;
  moduleId: string;
  lesson: Lesson;
}

/** A lesson without files; its instructor can add some from here. */
export function NoContent({ area, courseId, moduleId, lesson }: NoContentProps) {
  const { t } = useTranslation("lesson-viewer");
  const [adding, setAdding] = useState(false);
  return (
    <>
      <EmptyState
        icon={FolderOpen}
        title={COURSE_UI.noContentFiles}
        description={area ? t("noContent.hint") : undefined}
        className="min-h-72 justify-center bg-card"
        action={
          area && (
            <Button onClick={() => setAdding(true)}>
              <FilePlus2 aria-hidden="true" />
              {t("noContent.add")}
            </Button>
          )
        }
      />
      {area && adding && (
        <AddFilesDialog
          area={area}
          courseId={courseId}
          moduleId={moduleId}
          lesson={lesson}
          onClose={() => setAdding(false)}
        />
      )}
    </>
  );
}
