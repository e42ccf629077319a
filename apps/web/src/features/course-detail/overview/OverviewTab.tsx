import type { CourseDetail } from "@lms/contract";
import { useTranslation } from "react-i18next";
import type { CourseArea } from "@/auth/roles";
import { TextList } from "@/components/course/TextList";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { OpenDialog } from "../dialog-state";
import { AnnouncementsCard } from "./AnnouncementsCard";
import { ChecklistCard } from "./ChecklistCard";
import { CourseInfoCard } from "./CourseInfoCard";
import { MyNotesCard } from "./MyNotesCard";
import { PrerequisitesCard } from "./PrerequisitesCard";
import { RatingCard } from "./RatingCard";
import { StatisticsCard } from "./StatisticsCard";

interface OverviewTabProps {
  course: CourseDetail;
  admin: boolean;
  /** The api area of a course manager; null for everyone else. */
  area: CourseArea | null;
  onOpen: OpenDialog;
}

export function OverviewTab({ course, admin, area, onOpen }: OverviewTabProps) {
  const { t } = useTranslation("course-detail");
  const opensLessons = course.enrollment !== null || course.canManage;
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="grid content-start gap-6">
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{t("overview.about")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <p className="whitespace-pre-line">{course.description}</p>
            {course.learningOutcomes.length > 0 && (
              <TextList title={t("overview.outcomes")} items={course.learningOutcomes} />
            )}
            {course.tags.length > 0 && (
              <ul aria-label={t("overview.tags")} className="flex flex-wrap gap-1.5">
                {course.tags.map((tag) => (
                  <li key={tag}>
                    <Badge variant="outline">{tag}</Badge>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <StatisticsCard stats={course.stats} admin={admin} />
        <ChecklistCard
          title={t("overview.syllabus")}
          empty={t("overview.noSyllabus")}
          items={course.syllabus.map((item) => ({
            key: item._id,
            title: item.title,
            done: course.progress ? item.viewed : undefined,
            doneLabel: t("overview.viewed"),
            to: opensLessons ? `/courses/${course._id}/lessons/${item._id}` : undefined,
          }))}
        />
        <AnnouncementsCard
          courseId={course._id}
          announcements={course.announcements}
          area={area}
          onCreate={() => onOpen({ type: "create", kind: "announcement" })}
        />
      </div>
      <div className="grid content-start gap-6">
        {course.enrollment && <RatingCard courseId={course._id} rating={course.enrollment.rating} />}
        {(course.enrollment || course.canManage) && <MyNotesCard course={course} />}
        <PrerequisitesCard prerequisites={course.prerequisites} />
        {admin && <CourseInfoCard course={course} />}
      </div>
    </div>
  );
}
