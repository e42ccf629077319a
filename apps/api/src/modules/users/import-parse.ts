import {
  USER_IMPORT_COLUMNS,
  USER_IMPORT_LIMITS,
  USER_IMPORT_MESSAGES,
  type UserImportColumn,
  type UserImportProblem,
  unknownColumnMessage,
} from "@lms/contract";
import { parse } from "csv-parse/sync";

/** One data line of the file, by column, with its line number (the header is line 1). */
export interface ImportLine {
  row: number;
  values: Partial<Record<UserImportColumn, string>>;
}

export type ParsedImport = { lines: ImportLine[]; problems: [] } | { lines: []; problems: UserImportProblem[] };

const fileProblem = (message: string, field = "file"): ParsedImport => ({
  lines: [],
  problems: [{ row: 1, field, message }],
});

/**
 * Reads the whole file (at most 10 MB): a header naming the columns in any order and case, then one
 * user per line. Blank lines are skipped; a UTF-8 byte-order mark (as spreadsheets write) is ignored.
 */
export function parseImportFile(content: Buffer): ParsedImport {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(content, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    }) as unknown as typeof records;
  } catch {
    return fileProblem(USER_IMPORT_MESSAGES.notCsv);
  }
  const [header, ...data] = records;
  if (!header) return fileProblem(USER_IMPORT_MESSAGES.empty);
  const columns = header.record.map((name) => name.toLowerCase());
  const unknown = columns.find((name) => !(USER_IMPORT_COLUMNS as readonly string[]).includes(name));
  if (unknown !== undefined) return fileProblem(unknownColumnMessage(unknown), unknown);
  if (!columns.includes("name") || !columns.includes("email")) return fileProblem(USER_IMPORT_MESSAGES.missingColumns);
  if (data.length === 0) return fileProblem(USER_IMPORT_MESSAGES.empty);
  if (data.length > USER_IMPORT_LIMITS.maxRows) return fileProblem(USER_IMPORT_MESSAGES.tooManyRows);
  const lines = data.map(({ record, info }) => {
    const values: ImportLine["values"] = {};
    columns.forEach((column, index) => {
      values[column as UserImportColumn] = record[index] ?? "";
    });
    return { row: info.lines, values };
  });
  return { lines, problems: [] };
}
