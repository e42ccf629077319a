import type { Gradebook } from "@lms/contract";
import { useTranslation } from "react-i18next";
import { formatDate } from "@/lib/datetime";
import { cn } from "@/lib/utils";
import { formatGrade, GradeCell } from "./GradeCell";
import { PackageScoreCell } from "./PackageScoreCell";

const STICKY = "sticky left-0 z-10 bg-card";

/** Learners down, assessments (then SCORM packages and LTI tools) across; the learner column stays put while the table scrolls sideways. */
export function GradebookTable({ book, busy, caption }: { book: Gradebook; busy: boolean; caption: string }) {
  const { t } = useTranslation("course-detail");
  return (
    // The table scrolls inside this box and never widens the page: inline-size containment keeps its
    // width out of the layout, and `relative` holds the cells' screen-reader-only text inside the box.
    <section
      className={cn(
        "relative max-w-full overflow-x-auto rounded-lg border [contain:inline-size]",
        "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        busy && "opacity-60",
      )}
      aria-busy={busy}
      // Keyboard users scroll a table wider than the screen (axe: scrollable-region-focusable).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keys
      tabIndex={0}
      aria-label={caption}
    >
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b bg-muted/40 text-left align-bottom">
            <th scope="col" className={cn(STICKY, "min-w-36 bg-muted p-3 font-medium")}>
              {t("gradebook.learner")}
            </th>
            {book.assessments.map((a) => (
              <th key={a._id} scope="col" className="min-w-32 p-3 font-medium">
                <span className="line-clamp-2 break-words">{a.title}</span>
                <span className="block font-normal text-muted-foreground text-xs">
                  {t("gradebook.pointsWeight", { points: a.totalPoints, weight: a.weight })}
                </span>
                {a.dueDate && (
                  <span className="block font-normal text-muted-foreground text-xs">
                    {t("assessments.due", { date: formatDate(a.dueDate) })}
                  </span>
                )}
              </th>
            ))}
            {book.packages?.map((p) => (
              <th key={p._id} scope="col" className="min-w-32 p-3 font-medium">
                <span className="line-clamp-2 break-words">{p.title}</span>
                <span className="block font-normal text-muted-foreground text-xs">
                  {t(p.kind === "lti" ? "gradebook.ltiTool" : "gradebook.scormPackage")}
                </span>
              </th>
            ))}
            <th scope="col" className="min-w-20 p-3 text-right font-medium">
              {t("gradebook.grade")}
            </th>
          </tr>
        </thead>
        <tbody>
          {book.rows.map((row) => (
            <tr key={row.learner._id} className="border-b last:border-b-0 align-top">
              <th scope="row" className={cn(STICKY, "max-w-44 p-3 text-left font-normal")}>
                <span className="block truncate font-medium">{row.learner.name}</span>
                <span className="block truncate text-muted-foreground text-xs">{row.learner.email}</span>
              </th>
              {row.cells.map((cell, i) => (
                <td key={book.assessments[i]._id} className="p-3">
                  <GradeCell cell={cell} />
                </td>
              ))}
              {book.packages?.map((p, i) => (
                <td key={p._id} className="p-3">
                  <PackageScoreCell score={row.packageScores?.[i]} />
                </td>
              ))}
              <td className="p-3 text-right font-semibold tabular-nums">{formatGrade(row.grade)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
