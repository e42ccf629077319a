import type { PublicCourse } from "@lms/contract";
import { BookOpen, Clock, GraduationCap, Lock, Star, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PageMeta, usePageTitle } from "@/components/PageMeta";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCount, formatHours, formatRating } from "@/lib/format";
import { EnrollPanel } from "./EnrollPanel";
import { TextList } from "./TextList";

/** What a visitor who is not enrolled may see of a course, with the way to enroll. */
export function PublicCourseView({ course, notice }: { course: PublicCourse; notice?: string }) {
  const { t } = useTranslation();
  const lessons = course.modules.reduce((sum, m) => sum + m.lessons.length, 0);
  const title = usePageTitle(course.title);
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-8 sm:px-6">
      <PageMeta title={title} description={course.shortDescription || course.description} />
      <header className="grid gap-3">
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {course.category && <Badge variant="secondary">{course.category}</Badge>}
          <span>{course.courseCode}</span>
        </div>
        <h1 className="break-words font-bold text-2xl tracking-tight sm:text-3xl">{course.title}</h1>
        <p className="max-w-3xl text-muted-foreground">{course.shortDescription}</p>
        <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
          {course.instructor && (
            <li className="flex items-center gap-1.5">
              <GraduationCap aria-hidden="true" className="size-4" />
              {course.instructor}
            </li>
          )}
          <li className="flex items-center gap-1.5">
            <Clock aria-hidden="true" className="size-4" />
            {formatHours(course.duration)}
          </li>
          <li className="flex items-center gap-1.5">
            <Users aria-hidden="true" className="size-4" />
            {t("format.students", {
              count: course.stats.enrollments,
              formatted: formatCount(course.stats.enrollments),
            })}
          </li>
          <li className="flex items-center gap-1.5">
            <Star aria-hidden="true" className="size-4" />
            {formatRating(course.stats)}
          </li>
          <li className="capitalize">{t(`difficulty.${course.difficulty}`)}</li>
        </ul>
      </header>
      {notice && (
        <p className="flex items-center gap-2 rounded-lg border bg-muted/50 px-4 py-3 text-sm">
          <Lock aria-hidden="true" className="size-4 shrink-0" />
          {notice}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">{t("course.about")}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <p className="whitespace-pre-line">{course.description}</p>
              {course.learningOutcomes.length > 0 && (
                <TextList title={t("course.outcomes")} items={course.learningOutcomes} />
              )}
              {course.requirements.length > 0 && (
                <TextList title={t("course.requirements")} items={course.requirements} />
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">{t("course.outline")}</CardTitle>
              <p className="text-sm text-muted-foreground">
                {t("format.modules", { count: course.modules.length, formatted: formatCount(course.modules.length) })} ·{" "}
                {t("format.lessons", { count: lessons, formatted: formatCount(lessons) })}
              </p>
            </CardHeader>
            <CardContent>
              {course.modules.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t("course.outlinePending")}</p>
              ) : (
                <ol className="grid gap-4">
                  {course.modules.map((module) => (
                    <li key={module._id} className="grid gap-1">
                      <p className="font-medium">{module.title}</p>
                      <ul className="grid gap-1 pl-4 text-sm text-muted-foreground">
                        {module.lessons.map((lesson) => (
                          <li key={lesson._id} className="flex items-center gap-2">
                            <BookOpen aria-hidden="true" className="size-3.5 shrink-0" />
                            {lesson.title}
                          </li>
                        ))}
                      </ul>
                    </li>
                  ))}
                </ol>
              )}
            </CardContent>
          </Card>
        </div>
        <div className="order-first lg:sticky lg:top-20 lg:order-none lg:self-start">
          <EnrollPanel course={course} />
        </div>
      </div>
    </div>
  );
}
