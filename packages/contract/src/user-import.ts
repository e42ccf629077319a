import { z } from "zod";
import { messageGroup } from "./catalogued-message.js";
import { envelope } from "./common.js";
import { ROLES } from "./constants.js";
import { userListQuerySchema } from "./users.js";

/** The columns an import file may have (first line); name and email are required, the rest optional. */
export const USER_IMPORT_COLUMNS = ["name", "email", "role", "password", "credits", "courses"] as const;
export type UserImportColumn = (typeof USER_IMPORT_COLUMNS)[number];

/** Bounds of one import: the file's size and its number of data rows. */
export const USER_IMPORT_LIMITS = { maxMegabytes: 10, maxRows: 50_000, problemsShown: 500 } as const;

export const USER_IMPORT_MESSAGES = messageGroup("USER_IMPORT_MESSAGES", {
  fileRequired: "Choose a CSV file to import",
  notCsv: "The file could not be read as CSV",
  empty: "The file has no users in it",
  missingColumns: "The first line must name the columns; name and email are required",
  tooManyRows: `A file can hold at most ${USER_IMPORT_LIMITS.maxRows.toLocaleString("en")} users`,
  roleInvalid: `Role must be one of ${ROLES.join(", ")}`,
  duplicateInFile: "This e-mail appears earlier in the file",
  courseNotFound: "No course has this code",
  problemsFound: "The file has problems; nothing was imported. Fix the rows listed and try again.",
  started: "Import started",
  jobNotFound: "Import not found",
  emailTakenMeanwhile: "An e-mail of the file was registered while the import ran; nothing was imported.",
});

export const unknownColumnMessage = (column: string) =>
  `Unknown column "${column}"; the columns are ${USER_IMPORT_COLUMNS.join(", ")}`;
export const userCapacityMessage = (adding: number, room: number) =>
  `Importing ${adding} users would pass the site's user limit (room for ${Math.max(room, 0)})`;

/** One problem of an import file: the line it is on (the header is line 1), the column, and its message's code when catalogued. */
export const userImportProblemSchema = z.object({
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
  code: z.string().optional(),
});
export type UserImportProblem = z.infer<typeof userImportProblemSchema>;

export const userImportPreviewSchema = z.object({
  rows: z.number().int(),
  /** Rows without a password: they get an e-mail to set one. */
  invites: z.number().int(),
  enrollments: z.number().int(),
  problemCount: z.number().int(),
  /** The first problems, in file order (at most USER_IMPORT_LIMITS.problemsShown). */
  problems: z.array(userImportProblemSchema),
});
export type UserImportPreview = z.infer<typeof userImportPreviewSchema>;
export const userImportPreviewResponseSchema = envelope(z.object({ preview: userImportPreviewSchema }));

export const USER_IMPORT_STATES = ["running", "done", "failed"] as const;
export const userImportJobSchema = z.object({
  _id: z.string(),
  status: z.enum(USER_IMPORT_STATES),
  total: z.number().int(),
  /** Rows prepared so far; equals total just before the all-or-nothing write. */
  processed: z.number().int(),
  created: z.number().int(),
  enrolled: z.number().int(),
  invited: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type UserImportJob = z.infer<typeof userImportJobSchema>;
export const userImportJobResponseSchema = envelope(z.object({ job: userImportJobSchema }));
export const userImportJobParamsSchema = z.object({
  jobId: z.string().regex(/^[a-f0-9]{24}$/, USER_IMPORT_MESSAGES.jobNotFound),
});

/** GET /admin/users/export: the user list's own filters, without paging. */
export const userExportQuerySchema = userListQuerySchema.pick({ search: true, role: true, status: true });
