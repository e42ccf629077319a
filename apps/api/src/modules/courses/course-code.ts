import type { Kysely } from "kysely";
import { newId } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { courseCodeTaken } from "./repo.js";

/** A code from the title's initials and a number, e.g. "MJS-482". */
function suggestCode(title: string): string {
  const initials =
    title
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9 ]/g, "")
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => word[0])
      .join("")
      .slice(0, 4)
      .toUpperCase() || "C";
  return `${initials}-${100 + Math.floor(Math.random() * 900)}`;
}

/** A course code no course has yet, for a course created without one. */
export async function uniqueCourseCode(db: Kysely<Database>, title: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = suggestCode(title);
    if (!(await courseCodeTaken(db, code))) return code;
  }
  return `C-${newId().slice(-8).toUpperCase()}`;
}
