import { setImmediate as nextTurn } from "node:timers/promises";
import {
  creditsSchema,
  emailSchema,
  issueMessageCode,
  MESSAGES,
  nameSchema,
  type Role,
  roleSchema,
  strongPasswordSchema,
  USER_ADMIN_MESSAGES,
  USER_IMPORT_MESSAGES,
  type UserImportProblem,
  userCapacityMessage,
} from "@lms/contract";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Database } from "../../db/types.js";
import { importProblem } from "../../http/errors.js";
import { type Actor, refuseUserChange } from "../../policies/index.js";
import { getSystemSettings } from "../settings/repo.js";
import type { ImportLine } from "./import-parse.js";

/** A row that passed every rule, ready to be written. */
export interface ImportUser {
  row: number;
  name: string;
  email: string;
  role: Role;
  password: string | null;
  credits: number;
  courseIds: string[];
}

const CHUNK = 500;
/** Rows checked between two turns of the event loop, so a large file does not hold up other requests. */
const ROWS_PER_TURN = 1000;

async function inTurns<T, R>(items: T[], each: (item: T) => R): Promise<R[]> {
  const results: R[] = [];
  for (const [index, item] of items.entries()) {
    if (index > 0 && index % ROWS_PER_TURN === 0) await nextTurn();
    results.push(each(item));
  }
  return results;
}
const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/** Course codes in a cell: separated by ; or |. */
const codesOf = (cell: string | undefined) =>
  (cell ?? "")
    .split(/[;|]/)
    .map((code) => code.trim())
    .filter(Boolean);

async function registeredAmong(db: Kysely<Database>, emails: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks(emails)) {
    const rows = await db.selectFrom("users").select("email").where("email", "in", part).execute();
    for (const { email } of rows) found.add(email);
  }
  return found;
}

async function courseIdsByCode(db: Kysely<Database>, codes: string[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const part of chunks(codes)) {
    const rows = await db
      .selectFrom("courses")
      .select(["id", "course_code"])
      .where("course_code", "in", part)
      .execute();
    for (const row of rows) ids.set(row.course_code, row.id);
  }
  return ids;
}

/**
 * Checks every row with the user form's rules (spec §5) and against the database: e-mails already
 * registered or repeated in the file, course codes that do not exist, roles the admin may not give,
 * and the site's user limit. Every problem is reported, by line and column; nothing is written.
 */
export async function validateImport(db: Kysely<Database>, actor: Actor, lines: ImportLine[]) {
  // A row without credits starts with the site's starting credits, as a self-registered learner does.
  const { startingCredits } = await getSystemSettings(db);
  const problems: UserImportProblem[] = [];
  const users: ImportUser[] = [];
  const check = <S extends z.ZodType>(row: number, field: string, schema: S, value: unknown) => {
    const result = schema.safeParse(value);
    if (result.success) return result.data as z.output<S>;
    const issue = result.error.issues[0];
    problems.push(
      issue
        ? { row, field, message: issue.message, code: issueMessageCode(issue) }
        : importProblem(row, field, MESSAGES.validationFailed),
    );
    return undefined;
  };

  const seen = new Map<string, number>();
  const parsed = await inTurns(lines, ({ row, values }) => {
    const name = check(row, "name", nameSchema, values.name ?? "");
    const email = check(row, "email", emailSchema, values.email ?? "");
    if (email !== undefined) {
      const first = seen.get(email);
      if (first === undefined) seen.set(email, row);
      else problems.push({ row, field: "email", message: `${USER_IMPORT_MESSAGES.duplicateInFile} (line ${first})` });
    }
    const roleText = values.role?.trim().toLowerCase() || "learner";
    const role = roleSchema.safeParse(roleText).success ? (roleText as Role) : undefined;
    if (!role) problems.push(importProblem(row, "role", USER_IMPORT_MESSAGES.roleInvalid));
    else if (refuseUserChange(actor, null, { role })) {
      problems.push(importProblem(row, "role", USER_ADMIN_MESSAGES.superAdminOnly));
    }
    const password = values.password ? check(row, "password", strongPasswordSchema, values.password) : null;
    const creditsText = values.credits?.trim() || String(startingCredits);
    const credits = check(
      row,
      "credits",
      creditsSchema,
      /^-?\d+(\.\d+)?$/.test(creditsText) ? Number(creditsText) : NaN,
    );
    return { row, name, email, role, password, credits, codes: codesOf(values.courses) };
  });

  const registered = await registeredAmong(db, [...seen.keys()]);
  const courses = await courseIdsByCode(db, [...new Set(parsed.flatMap((p) => p.codes))]);
  for (const p of parsed) {
    if (p.email !== undefined && registered.has(p.email)) {
      problems.push(importProblem(p.row, "email", MESSAGES.emailTaken));
    }
    const unknown = p.codes.filter((code) => !courses.has(code));
    for (const code of unknown)
      problems.push({ row: p.row, field: "courses", message: `${USER_IMPORT_MESSAGES.courseNotFound}: ${code}` });
    const { name, email, role, password, credits } = p;
    if (name === undefined || email === undefined || !role || password === undefined || credits === undefined) continue;
    const courseIds = [...new Set(p.codes.flatMap((code) => courses.get(code) ?? []))];
    users.push({ row: p.row, name, email, role, password, credits, courseIds });
  }

  const [{ maxUsers }, { count }] = await Promise.all([
    getSystemSettings(db),
    db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  if (Number(count) + lines.length > maxUsers) {
    problems.push({ row: 1, field: "file", message: userCapacityMessage(lines.length, maxUsers - Number(count)) });
  }
  problems.sort((a, b) => a.row - b.row);
  return { problems, users };
}
