import type { Role, User, UserStatus } from "@lms/contract";
import { fromFlag } from "../../db/ids.js";
import type { UserRow } from "./repo.js";

/** The public shape of a user (spec §3); never includes the password hash. */
export function presentUser(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as Role,
    status: row.status as UserStatus,
    credits: row.credits,
    emailVerified: fromFlag(row.email_verified),
    lastLogin: row.last_login,
    createdAt: row.created_at,
    profile: {
      bio: row.bio,
      location: row.location,
      phone: row.phone,
      website: row.website,
      avatar: row.avatar,
    },
  };
}
