import { z } from "zod";
import { messageGroup } from "./catalogued-message.js";
import { envelope } from "./common.js";
import { idSchema } from "./ids.js";

/** SCORM 1.2 and 2004 packages as lesson content (issue 24). */
export const SCORM_LIMITS = {
  /** Files in one package. */
  maxEntries: 2_000,
  /** All files of a package together, unpacked. */
  maxUnpackedBytes: 500 * 1024 * 1024,
  /** Unpacked size over packed size, for any one file: beyond it a file is a zip bomb. */
  maxCompressionRatio: 100,
  /** suspend_data: 4,096 characters in SCORM 1.2, 64,000 in SCORM 2004 4th edition. */
  suspendData: { "1.2": 4_096, "2004": 64_000 },
  /** lesson_location / location: 255 characters in 1.2, 1,000 in 2004. */
  location: { "1.2": 255, "2004": 1_000 },
  /** Interactions kept per learner and package. */
  maxInteractions: 500,
  /** The whole CMI record as JSON. */
  maxCmiBytes: 256 * 1024,
} as const;

export const SCORM_MESSAGES = messageGroup("SCORM_MESSAGES", {
  notAZip: "The package is not a zip file",
  manifestMissing: "The package has no imsmanifest.xml at its top level",
  unsafePath: "The package holds a file whose path leaves the package folder",
  linkRefused: "The package holds a symbolic link; links are not accepted",
  tooManyEntries: `A package may hold at most ${SCORM_LIMITS.maxEntries} files`,
  tooLarge: `A package may unpack to at most ${SCORM_LIMITS.maxUnpackedBytes / 1024 / 1024} MB`,
  compressionRatio: "The package is compressed suspiciously well (a zip bomb?) and was refused",
  noOrganization: "The manifest has no organization with an item to launch",
  noLaunchFile: "The manifest's first item names no resource with a launch file inside the package",
  unknownVersion: "The manifest declares neither SCORM 1.2 nor SCORM 2004",
  uploaded: "SCORM package uploaded.",
  notFound: "This lesson has no SCORM package",
  fileNotFound: "No such file in the package",
  invalidLink: "This package link is invalid or has expired",
  suspendDataTooLong: "suspend_data is longer than the package's SCORM version allows",
  locationTooLong: "The location is longer than the package's SCORM version allows",
  tooManyInteractions: `At most ${SCORM_LIMITS.maxInteractions} interactions are kept`,
  cmiTooLarge: "The learner's SCORM data is too large",
  saved: "Progress saved.",
});
const M = SCORM_MESSAGES;

/** A manifest that is no well-formed XML: the parser's reason and, where it gives one, the line. */
export const scormManifestErrorMessage = (reason: string, line: number | null) =>
  line === null ? `imsmanifest.xml is not valid: ${reason}` : `imsmanifest.xml is not valid (line ${line}): ${reason}`;

export const SCORM_VERSIONS = ["1.2", "2004"] as const;
export type ScormVersion = (typeof SCORM_VERSIONS)[number];

export const scormPackageSchema = z.object({
  _id: z.string(),
  lessonId: z.string(),
  /** The lesson file that stands for the package in progress (completed when the package says so). */
  fileId: z.string(),
  version: z.enum(SCORM_VERSIONS),
  title: z.string(),
  launchPath: z.string(),
  fileCount: z.number().int(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type ScormPackage = z.infer<typeof scormPackageSchema>;
export const scormPackageResponseSchema = envelope(z.object({ package: scormPackageSchema }));

const text = (max: number) => z.string().max(max);
const scoreSchema = z.object({
  raw: z.number().finite().nullable().default(null),
  min: z.number().finite().nullable().default(null),
  max: z.number().finite().nullable().default(null),
  /** SCORM 2004 only: -1…1. */
  scaled: z.number().min(-1).max(1).nullable().default(null),
});

/**
 * The learner's CMI data of one package, in the names of both versions mapped to one shape: 1.2's
 * lesson_status is both completion (completed/incomplete/…) and success (passed/failed).
 */
export const scormCmiSchema = z.object({
  completionStatus: z.enum(["completed", "incomplete", "not attempted", "unknown"]).default("unknown"),
  successStatus: z.enum(["passed", "failed", "unknown"]).default("unknown"),
  score: scoreSchema.default({ raw: null, min: null, max: null, scaled: null }),
  location: z.string().default(""),
  suspendData: z.string().default(""),
  /** The last session's length, as the package reported it (1.2 HHHH:MM:SS.SS or 2004 ISO 8601). */
  sessionTime: text(64).default(""),
  /** Kept by the server: the sum of the sessions, in seconds. */
  totalSeconds: z.number().min(0).default(0),
  exit: text(32).default(""),
  interactions: z.array(z.record(z.string().max(100), z.string().max(4_000))).default([]),
});
export type ScormCmi = z.infer<typeof scormCmiSchema>;

export const scormCmiSaveSchema = scormCmiSchema.extend({
  /** True on LMSFinish/Terminate: the session's time is added to the total. */
  finished: z.boolean().default(false),
});
export type ScormCmiSave = z.infer<typeof scormCmiSaveSchema>;

/** What the lesson viewer needs to launch a package for the signed-in learner. */
export const scormLaunchSchema = z.object({
  package: scormPackageSchema,
  /** Signed, short-lived, scoped to this package and learner; served sandboxed. */
  launchUrl: z.string(),
  cmi: scormCmiSchema,
});
export type ScormLaunch = z.infer<typeof scormLaunchSchema>;
export const scormLaunchResponseSchema = envelope(scormLaunchSchema);
export const scormCmiResponseSchema = envelope(z.object({ cmi: scormCmiSchema, lessonCompleted: z.boolean() }));

/** GET /api/scorm/{packageId}/{userId}/{expires}/{sig}/{path} */
export const scormFileParamsSchema = z.object({
  packageId: idSchema,
  userId: idSchema,
  expires: z.string().regex(/^\d{1,12}$/, M.invalidLink),
  sig: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, M.invalidLink),
  "*": z.string().max(1_000),
});

/** The media type of the lesson file that stands for a SCORM package: the viewer launches it. */
export const SCORM_FILE_TYPE = "application/vnd.scorm+zip";
