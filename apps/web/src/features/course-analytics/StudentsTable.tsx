import type { StudentProgress, StudentSort } from "@lms/contract";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/lib/datetime";

interface Column {
  key: StudentSort | null;
  label:
    | "columns.name"
    | "columns.progress"
    | "columns.lastActivity"
    | "columns.grade"
    | "columns.missing"
    | "columns.status";
  className?: string;
}

const COLUMNS: Column[] = [
  { key: "name", label: "columns.name" },
  { key: "progress", label: "columns.progress", className: "text-right" },
  { key: "lastActivity", label: "columns.lastActivity" },
  { key: "grade", label: "columns.grade", className: "text-right" },
  { key: "missing", label: "columns.missing", className: "text-right" },
  { key: null, label: "columns.status" },
];

interface TableProps {
  students: StudentProgress[];
  sort: StudentSort;
  order: "asc" | "desc";
  onSort: (sort: StudentSort) => void;
}

function SortHeader({ column, sort, order, onSort }: { column: Column } & Omit<TableProps, "students">) {
  const { t } = useTranslation("course-analytics");
  if (!column.key) return <th className="p-3 font-medium">{t(column.label)}</th>;
  const key = column.key;
  const active = key === sort;
  const Icon = active ? (order === "asc" ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <th
      className={`p-3 font-medium ${column.className ?? ""}`}
      aria-sort={active ? (order === "asc" ? "ascending" : "descending") : "none"}
    >
      <button
        type="button"
        className="inline-flex items-center gap-1 hover:text-foreground"
        onClick={() => onSort(key)}
      >
        {t(column.label)}
        <Icon aria-hidden="true" className="size-3.5" />
      </button>
    </th>
  );
}

/** The learners of one page, with column headers that sort on the server. */
export function StudentsTable({ students, ...sorting }: TableProps) {
  const { t } = useTranslation("course-analytics");
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full min-w-[40rem] text-sm">
        <thead className="bg-muted/50 text-left text-muted-foreground">
          <tr>
            {COLUMNS.map((column) => (
              <SortHeader key={column.label} column={column} {...sorting} />
            ))}
          </tr>
        </thead>
        <tbody>
          {students.map((student) => (
            <tr key={student._id} className="border-t" data-testid="student-row">
              <td className="max-w-56 p-3">
                <p className="truncate font-medium">{student.name}</p>
                <p className="truncate text-xs text-muted-foreground">{student.email}</p>
              </td>
              <td className="p-3 text-right tabular-nums">{student.progress}%</td>
              <td className="p-3">
                {student.lastActivity ? formatDate(student.lastActivity) : t("students.never")}
                {student.lastLesson && (
                  <p className="max-w-48 truncate text-xs text-muted-foreground">{student.lastLesson.title}</p>
                )}
              </td>
              <td className="p-3 text-right tabular-nums">{student.grade === null ? "–" : `${student.grade}%`}</td>
              <td className="p-3 text-right tabular-nums">{student.missing}</td>
              <td className="p-3">
                {student.completed ? (
                  <Badge variant="success">{t("students.completed")}</Badge>
                ) : student.atRisk ? (
                  <Badge variant="danger">{t("students.atRisk")}</Badge>
                ) : (
                  <Badge variant="secondary">{t("students.onTrack")}</Badge>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
