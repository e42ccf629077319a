import type { UrlSigner } from "../../storage/signed-urls.js";

/** What a picture link's signature covers: the user's picture, whatever its version. */
export const avatarPath = (userId: string) => `/api/users/${userId}/avatar`;

/**
 * The stored picture link (`/api/users/:id/avatar?v=…`) with an expiring signature. The picture of a
 * private profile is served only with one, so only answers to people who may see the profile (the
 * owner, staff, admins) carry it; a link built from a user id alone is refused.
 */
export function signedAvatar(signer: UrlSigner, avatar: string | null): string | null {
  if (!avatar) return null;
  const [pathname, version] = avatar.split("?");
  const signature = signer.sign(pathname).split("?")[1];
  return `${pathname}?${version ? `${version}&` : ""}${signature}`;
}
