import type { CourseSummary } from "@lms/contract";
import { BookOpen, Clock, Star, TrendingUp, Users } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCount, formatHours, formatPercent, formatPrice, formatRating } from "@/lib/format";

function Thumbnail({ src }: { src: string | null }) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) {
    return (
      <div className="flex size-full items-center justify-center bg-gradient-to-br from-primary/30 to-primary/5">
        <BookOpen aria-hidden="true" className="size-10 text-primary" />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      width={640}
      height={360}
      onError={() => setBroken(true)}
      className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
    />
  );
}

interface CourseCardProps {
  course: CourseSummary;
  /** The learner's progress in percent: shown instead of level and price. */
  progress?: number;
  /** For the course's managers: the mean progress of its learners in percent. */
  averageProgress?: number;
  /** A badge in the top right corner, for example Published, Draft or Enrolled. */
  corner?: ReactNode;
}

/** A catalogue card; the whole card is one link to the course. */
export function CourseCard({ course, progress, averageProgress, corner }: CourseCardProps) {
  const { t } = useTranslation();
  const rated = course.stats.totalRatings > 0;
  return (
    <Link
      to={`/courses/${course._id}`}
      className="group flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
    >
      <div className="relative aspect-video overflow-hidden bg-muted">
        <Thumbnail src={course.thumbnail} />
        {course.category && (
          <Badge variant="secondary" className="absolute top-3 left-3 bg-background/90 shadow-sm backdrop-blur">
            {course.category}
          </Badge>
        )}
        {corner && <div className="absolute top-3 right-3">{corner}</div>}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="grid gap-1">
          <h3 className="font-semibold text-lg leading-snug group-hover:text-primary">{course.title}</h3>
          {course.instructor && (
            <p className="text-sm text-muted-foreground">{t("courseCard.by", { name: course.instructor })}</p>
          )}
        </div>
        <p className="line-clamp-2 text-sm text-muted-foreground">{course.shortDescription || course.description}</p>
        <ul className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
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
            <Star aria-hidden="true" className={rated ? "size-4 fill-amber-400 text-amber-400" : "size-4"} />
            {rated ? (
              <span>
                {formatRating(course.stats)} <span className="text-xs">({course.stats.totalRatings})</span>
              </span>
            ) : (
              formatRating(course.stats)
            )}
          </li>
          {averageProgress !== undefined && (
            <li className="flex items-center gap-1.5" title={t("courseCard.averageProgressTitle")}>
              <TrendingUp aria-hidden="true" className="size-4" />
              {t("courseCard.averageProgress", { percent: formatPercent(averageProgress) })}
            </li>
          )}
        </ul>
        {progress === undefined ? (
          <div className="flex items-center justify-between border-t pt-3">
            <Badge variant="outline" className="capitalize">
              {t(`difficulty.${course.difficulty}`)}
            </Badge>
            <span className={course.priceCredits === 0 ? "font-semibold text-success" : "font-semibold"}>
              {formatPrice(course.priceCredits)}
            </span>
          </div>
        ) : (
          <div className="grid gap-2 border-t pt-3">
            <div className="flex items-center justify-between text-sm">
              <span className="text-muted-foreground">{t("courseCard.progress")}</span>
              <span className="font-semibold">{formatPercent(progress)}</span>
            </div>
            <Progress value={progress} label={t("courseCard.progressIn", { title: course.title })} />
          </div>
        )}
      </div>
    </Link>
  );
}

export function CourseCardSkeleton() {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-xl border bg-card">
      <Skeleton className="aspect-video rounded-none" />
      <div className="grid gap-3 p-4">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    </div>
  );
}
