import type { UserRow } from "./repo.js";

export const USERS_CSV_HEADER = [
  "Name",
  "Email",
  "Role",
  "Status",
  "Credits",
  "Email verified",
  "Last login",
  "Created",
];

/** Users as CSV records, in the order of USERS_CSV_HEADER; never the password hash. */
export async function* userRecords(batches: AsyncIterable<UserRow[]>) {
  yield USERS_CSV_HEADER;
  for await (const rows of batches) {
    for (const u of rows) {
      yield [
        u.name,
        u.email,
        u.role,
        u.status,
        u.credits,
        u.email_verified ? "yes" : "no",
        u.last_login ?? "",
        u.created_at,
      ];
    }
  }
}
