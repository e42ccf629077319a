import { type LessonFileLti, LTI_FILE_TYPE } from "@lms/contract";

/**
 * An LTI link stands in its lesson as a lesson file of kind "lti" (so progress and the completion
 * rule count it). It stores no bytes: its storage key names the link under a prefix no stored file
 * has (storage keys are generated paths), so deleting it removes nothing and the orphan sweep, which
 * walks the storage, never meets it. The file's name is the tool's name.
 */
export const LTI_FILE_KIND = "lti" as const;
const KEY_PREFIX = "lti-link:";

export const ltiFileKey = (linkId: string) => `${KEY_PREFIX}${linkId}`;

/** The `lti` field of a lesson file's presentation; undefined for other files. */
export function lessonFileLti(row: { mime: string; storage_key: string; name: string }): LessonFileLti | undefined {
  if (row.mime !== LTI_FILE_TYPE || !row.storage_key.startsWith(KEY_PREFIX)) return undefined;
  return { linkId: row.storage_key.slice(KEY_PREFIX.length), toolName: row.name };
}
