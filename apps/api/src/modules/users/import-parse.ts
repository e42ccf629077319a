import { Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import {
  USER_IMPORT_COLUMNS,
  USER_IMPORT_LIMITS,
  USER_IMPORT_MESSAGES,
  type UserImportColumn,
  type UserImportProblem,
  unknownColumnMessage,
} from "@lms/contract";
import { parse } from "csv-parse";
import { type FailureMessage, importProblem } from "../../http/errors.js";

/** One data line of the file, by column, with its line number (the header is line 1). */
export interface ImportLine {
  row: number;
  values: Partial<Record<UserImportColumn, string>>;
}

export type ParsedImport = { lines: ImportLine[]; problems: [] } | { lines: []; problems: UserImportProblem[] };

interface ParsedRecord {
  record: string[];
  info: { lines: number };
}

const fileProblem = (message: FailureMessage, field = "file"): ParsedImport => ({
  lines: [],
  problems: [importProblem(1, field, message)],
});

/** Bytes handed to the parser at a time; the event loop turns between them (a few ms of work each). */
const SLICE_BYTES = 64 * 1024;

/** The file in slices, with a turn of the event loop after each so other requests are answered meanwhile. */
async function* slices(content: Buffer) {
  for (let start = 0; start < content.length; start += SLICE_BYTES) {
    yield content.subarray(start, start + SLICE_BYTES);
    await nextTurn();
  }
}

/** The records of the file, or null when it is not CSV; stops reading past the row limit. */
async function readRecords(content: Buffer): Promise<ParsedRecord[] | null> {
  const parser = Readable.from(slices(content)).pipe(
    parse({ bom: true, info: true, skip_empty_lines: true, relax_column_count: true, trim: true }),
  );
  const records: ParsedRecord[] = [];
  try {
    for await (const record of parser as AsyncIterable<ParsedRecord>) {
      records.push(record);
      if (records.length > USER_IMPORT_LIMITS.maxRows + 1) break;
    }
  } catch {
    return null;
  } finally {
    parser.destroy();
  }
  return records;
}

/**
 * Reads the file (at most 10 MB) as a stream of slices, so a large one does not hold up the server:
 * a header naming the columns in any order and case, then one user per line. Blank lines are skipped;
 * a UTF-8 byte-order mark (as spreadsheets write) is ignored.
 */
export async function parseImportFile(content: Buffer): Promise<ParsedImport> {
  const records = await readRecords(content);
  if (!records) return fileProblem(USER_IMPORT_MESSAGES.notCsv);
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
