import type { CourseDetail } from "@lms/contract";
import { StatisticsCard } from "../overview/StatisticsCard";
import { CompletionRuleCard } from "./CompletionRuleCard";
import { CopyCourseCard } from "./CopyCourseCard";
import { CourseInfoEditor } from "./CourseInfoEditor";
import { CoursePictureCard } from "./CoursePictureCard";
import { DangerZone } from "./DangerZone";
import { ExportCartridgeCard } from "./ExportCartridgeCard";
import { MetadataCard } from "./MetadataCard";
import { PublishCard } from "./PublishCard";

/** Spec §2 Settings (admins). */
export function SettingsTab({ course }: { course: CourseDetail }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="grid content-start gap-6">
        <PublishCard course={course} />
        <CourseInfoEditor course={course} area="/admin" />
        <CompletionRuleCard course={course} area="/admin" />
      </div>
      <div className="grid content-start gap-6">
        <StatisticsCard stats={course.stats} admin />
        <CoursePictureCard course={course} area="/admin" />
        <MetadataCard course={course} />
        <CopyCourseCard course={course} area="/admin" />
        <ExportCartridgeCard course={course} area="/admin" />
        <DangerZone courseId={course._id} />
      </div>
    </div>
  );
}
