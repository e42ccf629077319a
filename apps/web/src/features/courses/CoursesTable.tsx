import type { CourseState, ManagedCourseSort, ManagedCourseSummary } from "@lms/contract";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SelectAllHeader } from "@/components/SelectAllHeader";
import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/lib/datetime";
import { cn } from "@/lib/utils";

type Order = "asc" | "desc";

/** The direction each column sorts in first, as the api's defaults. */
const FIRST_ORDER: Record<ManagedCourseSort, Order> = {
  title: "asc",
  created: "desc",
  learners: "desc",
  state: "desc",
};

const STATE_BADGE: Record<CourseState, "outline" | "secondary" | "success"> = {
  draft: "outline",
  pending: "secondary",
  changes_requested: "outline",
  published: "success",
};

interface CoursesTableProps {
  courses: ManagedCourseSummary[];
  sort: ManagedCourseSort;
  order: Order;
  onSort: (sort: ManagedCourseSort, order: Order) => void;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], on: boolean) => void;
  stale: boolean;
}

/** Every course as a row: selectable, sortable by title, state, learners and creation date (on the server). */
export function CoursesTable({ courses, sort, order, onSort, selected, onSelect, stale }: CoursesTableProps) {
  const { t } = useTranslation("courses");
  const header = (column: ManagedCourseSort, className?: string) => {
    const active = sort === column;
    const Icon = !active ? ArrowUpDown : order === "asc" ? ArrowUp : ArrowDown;
    return (
      <th
        className={cn("p-2 font-medium", className)}
        aria-sort={active ? (order === "asc" ? "ascending" : "descending") : undefined}
      >
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded-sm px-1 py-1 hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          onClick={() => onSort(column, active ? (order === "asc" ? "desc" : "asc") : FIRST_ORDER[column])}
        >
          {t(`table.${column}`)}
          <Icon aria-hidden="true" className="size-3.5" />
        </button>
      </th>
    );
  };
  return (
    <div className={cn("overflow-x-auto rounded-lg border", stale && "opacity-60")}>
      <table className="w-full text-sm" data-testid="courses-table">
        <caption className="sr-only">{t("managed.listLabel")}</caption>
        <thead className="bg-muted/50 text-left text-muted-foreground">
          <tr>
            <SelectAllHeader
              label={t("table.selectAll")}
              ids={courses.map((course) => course._id)}
              selected={selected}
              onSelect={onSelect}
            />
            {header("title")}
            {header("state")}
            {header("learners", "text-right")}
            {header("created", "hidden sm:table-cell")}
          </tr>
        </thead>
        <tbody>
          {courses.map((course) => (
            <tr key={course._id} className="border-t" data-testid="course-row">
              <td className="p-3 align-top">
                <input
                  type="checkbox"
                  aria-label={t("table.select", { title: course.title })}
                  checked={selected.has(course._id)}
                  onChange={(event) => onSelect([course._id], event.target.checked)}
                />
              </td>
              <td className="max-w-72 p-3">
                <Link
                  to={`/courses/${course._id}`}
                  className="break-words rounded-sm font-medium hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {course.title}
                </Link>
                <div className="truncate text-muted-foreground">
                  {course.courseCode}
                  {course.instructor && ` · ${course.instructor}`}
                </div>
              </td>
              <td className="p-3">
                <Badge variant={STATE_BADGE[course.state]} data-testid="course-state">
                  {t(`states.${course.state}`)}
                </Badge>
              </td>
              <td className="p-3 text-right tabular-nums">{course.stats.enrollments}</td>
              <td className="hidden p-3 whitespace-nowrap text-muted-foreground sm:table-cell">
                <time dateTime={course.createdAt}>{formatDate(course.createdAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
