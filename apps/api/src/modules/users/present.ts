import type { Role, User, UserStatus } from "@lms/contract";
import { fromFlag } from "../../db/ids.js";
import type { UrlSigner } from "../../storage/signed-urls.js";
import { signedAvatar } from "../profile/avatar-link.js";
import type { UserRow } from "./repo.js";

/**
 * The public shape of a user (spec §3); never includes the password hash. Only for people who may
 * see the user's profile (themselves, staff, admins): it carries a signed picture link.
 */
export function presentUser(row: UserRow, signer: UrlSigner): User {
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
      avatar: signedAvatar(signer, row.avatar),
    },
  };
}
