import type { Gradebook } from "@lms/contract";
import { useTranslation } from "react-i18next";
import { formatDate } from "@/lib/datetime";
import { formatGrade, GradeCell } from "./GradeCell";
import { PackageScoreCell } from "./PackageScoreCell";

/** A learner's own gradebook: one row per assessment (then per SCORM package and LTI tool) with their score, then their course grade; no learner column. */
export function OwnGradesTable({ book, caption }: { book: Gradebook; caption: string }) {
  const { t } = useTranslation("course-detail");
  const own = book.rows[0];
  return (
    <div className="max-w-full overflow-x-auto rounded-lg border">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b bg-muted/40 text-left">
            <th scope="col" className="p-3 font-medium">
              {t("gradebook.assessment")}
            </th>
            <th scope="col" className="p-3 font-medium">
              {t("gradebook.score")}
            </th>
          </tr>
        </thead>
        <tbody>
          {book.assessments.map((a, i) => (
            <tr key={a._id} className="border-b align-top">
              <th scope="row" className="p-3 text-left font-normal">
                <span className="block break-words font-medium">{a.title}</span>
                <span className="block text-muted-foreground text-xs">
                  {t("gradebook.pointsWeight", { points: a.totalPoints, weight: a.weight })}
                  {a.dueDate && ` · ${t("assessments.due", { date: formatDate(a.dueDate) })}`}
                </span>
              </th>
              <td className="p-3">{own?.cells[i] && <GradeCell cell={own.cells[i]} own />}</td>
            </tr>
          ))}
          {book.packages?.map((p, i) => (
            <tr key={p._id} className="border-b align-top">
              <th scope="row" className="p-3 text-left font-normal">
                <span className="block break-words font-medium">{p.title}</span>
                <span className="block text-muted-foreground text-xs">
                  {t(p.kind === "lti" ? "gradebook.ltiTool" : "gradebook.scormPackage")}
                </span>
              </th>
              <td className="p-3">
                <PackageScoreCell score={own?.packageScores?.[i]} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="bg-muted/40">
            <th scope="row" className="p-3 text-left font-medium">
              {t("gradebook.yourGrade")}
            </th>
            <td className="p-3 font-semibold tabular-nums">{formatGrade(own?.grade ?? null)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
