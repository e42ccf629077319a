import { pipeline, Readable } from "node:stream";
import type { GradebookColumn, GradebookRow } from "@lms/contract";
import { stringify } from "csv-stringify";

const blankIfNull = (value: number | null) => (value === null ? "" : value);

/** The titles of the assessments whose cell in the row carries the mark, for the summary columns. */
const titlesWhere = (
  columns: readonly GradebookColumn[],
  row: GradebookRow,
  mark: "missing" | "late" | "needsGrading",
) =>
  columns
    .filter((_, i) => row.cells[i][mark])
    .map((c) => c.title)
    .join("; ");

function recordOf(columns: readonly GradebookColumn[], row: GradebookRow) {
  return [
    row.learner.name,
    row.learner.email,
    ...row.cells.map((cell) => blankIfNull(cell.score)),
    blankIfNull(row.grade),
    titlesWhere(columns, row, "missing"),
    titlesWhere(columns, row, "late"),
    titlesWhere(columns, row, "needsGrading"),
  ];
}

/**
 * The gradebook as CSV, streamed: one header record, then one record per learner as the batches
 * arrive (a batch is read only when the client has taken the previous ones). Cells that a
 * spreadsheet would run as a formula (starting with = + - @, tab or carriage return) get a leading '.
 */
export function gradebookCsv(
  columns: readonly GradebookColumn[],
  batches: () => AsyncGenerator<GradebookRow[]>,
): Readable {
  async function* records() {
    yield [
      "Learner",
      "Email",
      ...columns.map((c) => `${c.title} (${c.totalPoints} pts)`),
      "Course grade (%)",
      "Missing",
      "Late",
      "Needs grading",
    ];
    for await (const rows of batches()) {
      for (const row of rows) yield recordOf(columns, row);
    }
  }
  const csv = stringify({ escape_formulas: true });
  // A failure half-way destroys the stream, which ends the response early (the client sees a broken download).
  pipeline(Readable.from(records()), csv, () => {});
  return csv;
}
