import { Readable } from "node:stream";
import type { StudentProgress } from "@lms/contract";
import { stringify } from "csv-stringify";

export const STUDENT_CSV_COLUMNS = [
  { key: "name", header: "Name" },
  { key: "email", header: "Email" },
  { key: "enrolledAt", header: "Enrolled at" },
  { key: "progress", header: "Progress %" },
  { key: "completed", header: "Completed" },
  { key: "lastActivity", header: "Last activity" },
  { key: "lastLesson", header: "Last lesson" },
  { key: "grade", header: "Grade %" },
  { key: "missing", header: "Missing work" },
  { key: "atRisk", header: "At risk" },
] as const;

const yesNo = (value: boolean) => (value ? "yes" : "no");

function csvRecord(row: StudentProgress) {
  return {
    ...row,
    completed: yesNo(row.completed),
    lastLesson: row.lastLesson?.title ?? "",
    atRisk: yesNo(row.atRisk),
  };
}

/**
 * The students list as a CSV stream, read as it is sent. Cells that a spreadsheet would run as a
 * formula (=, +, -, @, tab, carriage return first) are prefixed with an apostrophe.
 */
export function studentsCsv(rows: AsyncIterable<StudentProgress>): Readable {
  const records = Readable.from(
    (async function* () {
      for await (const row of rows) yield csvRecord(row);
    })(),
  );
  const csv = stringify({ header: true, columns: [...STUDENT_CSV_COLUMNS], escape_formulas: true, bom: false });
  records.on("error", (error) => csv.destroy(error));
  return records.pipe(csv);
}

/** A file name made of the course code and the date, safe in a header. */
export const studentsCsvName = (courseCode: string, at: Date) =>
  `students-${courseCode.replace(/[^A-Za-z0-9_-]/g, "_")}-${at.toISOString().slice(0, 10)}.csv`;
