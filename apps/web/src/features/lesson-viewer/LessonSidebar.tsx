import type { CourseDetail } from "@lms/contract";
import { BookOpen, NotebookPen } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { LearningOutline } from "./LearningOutline";
import { NotesPanel } from "./NotesPanel";

/** Learning (real progress and the outline) and Notes (the signed-in user's own, per lesson). */
export function LessonSidebar({ course, currentLessonId }: { course: CourseDetail; currentLessonId: string }) {
  const { t } = useTranslation("lesson-viewer");
  return (
    <aside aria-label={t("sidebar.label")} className="min-w-0 lg:sticky lg:top-20 lg:self-start">
      <Tabs defaultValue="learning" className="grid gap-3 rounded-xl border bg-card p-3 shadow-sm">
        <TabsList className="grid w-full grid-cols-2">
          <TabsTrigger value="learning">
            <BookOpen aria-hidden="true" />
            {t("sidebar.learning")}
          </TabsTrigger>
          <TabsTrigger value="notes">
            <NotebookPen aria-hidden="true" />
            {t("sidebar.notes")}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="learning">
          <LearningOutline course={course} currentLessonId={currentLessonId} />
        </TabsContent>
        <TabsContent value="notes">
          <NotesPanel key={currentLessonId} courseId={course._id} lessonId={currentLessonId} />
        </TabsContent>
      </Tabs>
    </aside>
  );
}
