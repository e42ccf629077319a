import type { ScormPackage } from "@lms/contract";
import type { UrlSigner } from "../../storage/signed-urls.js";
import type { PackageRow } from "./repo.js";

/** Package links last an hour: enough for a session; the viewer asks for a new launch on each visit. */
const LAUNCH_TTL_SECONDS = 60 * 60;

/** What a package link's signature covers: the package and the learner whose data its pages carry. */
export const packageScope = (packageId: string, userId: string) => `/api/scorm/${packageId}/${userId}`;

/**
 * The signed launch URL. The signature sits in the path, not the query, so the package's own relative
 * links (scripts, images, other pages) carry it too.
 */
export function launchUrl(signer: UrlSigner, row: PackageRow, userId: string): string {
  const scope = packageScope(row.id, userId);
  const query = new URLSearchParams(signer.sign(scope, LAUNCH_TTL_SECONDS).split("?")[1]);
  const launch = row.launch_path
    .split("/")
    .map(encodeURIComponent)
    .join("/")
    .replace(/%3F/, "?")
    .replace(/%3D/g, "=")
    .replace(/%26/g, "&");
  return `${scope}/${query.get("expires")}/${query.get("sig")}/${launch}`;
}

export function presentPackage(row: PackageRow): ScormPackage {
  return {
    _id: row.id,
    lessonId: row.lesson_id,
    fileId: row.file_id,
    version: row.version,
    title: row.title,
    launchPath: row.launch_path,
    fileCount: row.file_count,
    size: row.size,
    createdAt: row.created_at,
  };
}
