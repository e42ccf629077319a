import type { Role } from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { hashPassword } from "../../src/auth/passwords.js";
import { newId, nowIso } from "../../src/db/ids.js";
import type { Database } from "../../src/db/types.js";
import type { UserRow } from "../../src/modules/users/repo.js";

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

export const DEFAULT_PASSWORD = "Passw0rd!";

export async function makeUser(
  db: Kysely<Database>,
  overrides: Partial<UserRow> & { password?: string } = {},
): Promise<UserRow & { password: string }> {
  const { password = DEFAULT_PASSWORD, ...fields } = overrides;
  const now = nowIso();
  const row: UserRow = {
    id: newId(),
    name: "Test User",
    email: `user-${unique()}@example.test`,
    password_hash: await hashPassword(password),
    role: "learner",
    status: "active",
    credits: 0,
    email_verified: 0,
    last_login: null,
    bio: null,
    location: null,
    phone: null,
    website: null,
    avatar: null,
    created_at: now,
    updated_at: now,
    ...fields,
  };
  await db.insertInto("users").values(row).execute();
  return { ...row, password };
}

export async function makeCategory(db: Kysely<Database>, name = `Category ${unique()}`) {
  const row = { id: newId(), name, created_at: nowIso() };
  await db.insertInto("categories").values(row).execute();
  return row;
}

export async function makeCourse(
  db: Kysely<Database>,
  overrides: Partial<Database["courses"]> = {},
): Promise<Database["courses"]> {
  const now = nowIso();
  const categoryId = overrides.category_id ?? (await makeCategory(db)).id;
  const instructorId =
    overrides.instructor_id ?? (await makeUser(db, { role: "instructor", name: "Course Teacher" })).id;
  const row: Database["courses"] = {
    id: newId(),
    title: `Course ${unique()}`,
    course_code: `C-${unique()}`,
    description: "A course used by a test.",
    short_description: "A course used by a test.",
    category_id: categoryId,
    instructor_id: instructorId,
    price_credits: 0,
    difficulty: "beginner",
    duration: 60,
    language: "en",
    tags: "[]",
    requirements: "[]",
    learning_outcomes: "[]",
    thumbnail: null,
    published: 1,
    enrollment_count: 0,
    completion_count: 0,
    rating_count: 0,
    rating_sum: 0,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await db.insertInto("courses").values(row).execute();
  return row;
}

/** Signs in through the api and returns the tokens. */
export async function login(app: FastifyInstance, user: { email: string; password: string }) {
  const response = await app.inject({ method: "POST", url: "/api/auth/login", payload: user });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const { token, refreshToken } = response.json().data as { token: string; refreshToken: string };
  return { token, refreshToken, auth: { authorization: `Bearer ${token}` } };
}

export async function makeSignedInUser(app: FastifyInstance, db: Kysely<Database>, role: Role = "learner") {
  const user = await makeUser(db, { role });
  return { user, ...(await login(app, user)) };
}
