import type { CourseDetail } from "@lms/contract";
import { StatisticsCard } from "../overview/StatisticsCard";
import { VisibilityCard } from "../review/VisibilityCard";
import { CompletionRuleCard } from "./CompletionRuleCard";
import { CopyCourseCard } from "./CopyCourseCard";
import { CourseInfoEditor } from "./CourseInfoEditor";
import { CoursePictureCard } from "./CoursePictureCard";
import { ExportCartridgeCard } from "./ExportCartridgeCard";
import { MetadataCard } from "./MetadataCard";

/** The course's instructor: its visibility (publish or submit for review) and its information (issue 9). */
export function InstructorSettingsTab({ course }: { course: CourseDetail }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="grid min-w-0 content-start gap-6">
        <VisibilityCard course={course} />
        <CourseInfoEditor course={course} area="/instructor" />
        <CompletionRuleCard course={course} area="/instructor" />
      </div>
      <div className="grid min-w-0 content-start gap-6">
        <StatisticsCard stats={course.stats} admin={false} />
        <CoursePictureCard course={course} area="/instructor" />
        <MetadataCard course={course} />
        <CopyCourseCard course={course} area="/instructor" />
        <ExportCartridgeCard course={course} area="/instructor" />
      </div>
    </div>
  );
}
