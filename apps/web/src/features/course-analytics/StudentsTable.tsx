import type { StudentProgress, StudentSort } from "@lms/contract";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/lib/datetime";

interface Column {
  key: StudentSort | null;
  label: string;
  className?: string;
}

const COLUMNS: Column[] = [
  { key: "name", label: "Learner" },
  { key: "progress", label: "Progress", className: "text-right" },
  { key: "lastActivity", label: "Last activity" },
  { key: "grade", label: "Grade", className: "text-right" },
  { key: "missing", label: "Missing", className: "text-right" },
  { key: null, label: "Status" },
];

interface TableProps {
  students: StudentProgress[];
  sort: StudentSort;
  order: "asc" | "desc";
  onSort: (sort: StudentSort) => void;
}

function SortHeader({ column, sort, order, onSort }: { column: Column } & Omit<TableProps, "students">) {
  if (!column.key) return <th className="p-3 font-medium">{column.label}</th>;
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
        {column.label}
        <Icon aria-hidden="true" className="size-3.5" />
      </button>
    </th>
  );
}

/** The learners of one page, with column headers that sort on the server. */
export function StudentsTable({ students, ...sorting }: TableProps) {
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
                {student.lastActivity ? formatDate(student.lastActivity) : "Never"}
                {student.lastLesson && (
                  <p className="max-w-48 truncate text-xs text-muted-foreground">{student.lastLesson.title}</p>
                )}
              </td>
              <td className="p-3 text-right tabular-nums">{student.grade === null ? "–" : `${student.grade}%`}</td>
              <td className="p-3 text-right tabular-nums">{student.missing}</td>
              <td className="p-3">
                {student.completed ? (
                  <Badge variant="success">Completed</Badge>
                ) : student.atRisk ? (
                  <Badge variant="outline" className="border-transparent bg-destructive/15 text-destructive">
                    At risk
                  </Badge>
                ) : (
                  <Badge variant="secondary">On track</Badge>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
