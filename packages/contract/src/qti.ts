import { z } from "zod";
import { assessmentSchema } from "./assessments.js";
import { messageGroup } from "./catalogued-message.js";
import { envelope } from "./common.js";

/**
 * Bounds of a QTI upload (issue 24). A package is refused before anything is stored when it passes
 * them: a zip bomb unpacks to far more than it weighs.
 */
export const QTI_LIMITS = {
  maxMegabytes: 20,
  maxEntries: 1_000,
  maxUnpackedMegabytes: 100,
  /** Unpacked size over packed size, per entry (text compresses about 10:1; a bomb 1000:1). */
  maxCompressionRatio: 100,
} as const;

export const QTI_MESSAGES = messageGroup("QTI_MESSAGES", {
  imported: "Quiz imported",
  fileRequired: "Choose a QTI file: a zip package or an item's XML file",
  notQti: "The file is neither a QTI package (a zip with imsmanifest.xml) nor a QTI item",
  badZip: "The zip file could not be read",
  unsafePath: "The package has a file whose path leaves the package; nothing was imported",
  linkInPackage: "The package holds a link; nothing was imported",
  tooManyEntries: `A package holds at most ${QTI_LIMITS.maxEntries} files; nothing was imported`,
  tooLargeUnpacked: `A package unpacks to at most ${QTI_LIMITS.maxUnpackedMegabytes} MB; nothing was imported`,
  compressionRatio: "The package is compressed too much to be a quiz (a zip bomb?); nothing was imported",
  badXml: "A file of the package is not well-formed XML",
  noItems: "The file has no question the product can import",
  testWithoutItems: "A test file refers to its items: upload the package (zip) that holds them",
});

/** The refusal of a file that is not well-formed XML: its name in the package and, when known, the line. */
export const qtiBadXmlMessage = (file: string, line: number | null, reason: string) =>
  `${file}${line === null ? "" : ` (line ${line})`} is not well-formed XML: ${reason}`;

/** An item of the upload: its identifier and its type (the product's question type, or the QTI interaction). */
export const qtiItemSchema = z.object({
  identifier: z.string(),
  type: z.string(),
  /** Why a skipped item of a known type could not be taken (e.g. a choice without a correct option). */
  reason: z.string().optional(),
  /**
   * An imported item had feedback the product's questions cannot hold (per choice, inline or for right
   * and wrong answers apart): that part was left out. General feedback is kept as the question's feedback.
   */
  feedbackDropped: z.boolean().optional(),
});
export type QtiItem = z.infer<typeof qtiItemSchema>;

export const qtiImportFieldsSchema = z.object({ title: z.string().trim().max(200).optional() });

export const qtiImportResponseSchema = envelope(
  z.object({
    assessment: assessmentSchema,
    /** The items imported as questions, in order. */
    imported: z.array(qtiItemSchema),
    /** Items of types the product does not take: never dropped silently. */
    skipped: z.array(qtiItemSchema),
  }),
);
export type QtiImportResult = z.infer<typeof qtiImportResponseSchema>["data"];
