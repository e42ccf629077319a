import { z } from "zod";

/**
 * xAPI 1.0.3 statements (issue 25): the learning events the product logs, as a Learning Record
 * Store reads them. The schema holds the rules of the specification this product relies on.
 */
export const XAPI_VERSION = "1.0.3";

/** The ADL verbs of the events the product logs. */
export const XAPI_VERBS = {
  launched: "http://adlnet.gov/expapi/verbs/launched",
  completed: "http://adlnet.gov/expapi/verbs/completed",
  passed: "http://adlnet.gov/expapi/verbs/passed",
  failed: "http://adlnet.gov/expapi/verbs/failed",
  /** Graded, where the assessment has no passing score to pass or fail. */
  scored: "http://adlnet.gov/expapi/verbs/scored",
  answered: "http://adlnet.gov/expapi/verbs/answered",
  attended: "http://adlnet.gov/expapi/verbs/attended",
  commented: "http://adlnet.gov/expapi/verbs/commented",
} as const;
export type XapiVerb = keyof typeof XAPI_VERBS;

/** ADL activity types of the objects statements are about. */
export const XAPI_ACTIVITY_TYPES = {
  course: "http://adlnet.gov/expapi/activities/course",
  lesson: "http://adlnet.gov/expapi/activities/lesson",
  assessment: "http://adlnet.gov/expapi/activities/assessment",
  meeting: "http://adlnet.gov/expapi/activities/meeting",
  discussion: "http://id.tincanapi.com/activitytype/discussion",
} as const;
export type XapiObjectType = keyof typeof XAPI_ACTIVITY_TYPES;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
/** ISO 8601 with a zone (Z or ±hh:mm), as xAPI asks of timestamps. */
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** An absolute IRI: a scheme, then something (RFC 3987). */
const iriSchema = z
  .string()
  .regex(/^[a-z][a-z0-9+.-]*:\S+$/i, "must be an absolute IRI")
  .refine((value) => URL.canParse(value), "must be an absolute IRI");
const languageMapSchema = z.record(z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]+)*$/), z.string());

const agentSchema = z.object({
  objectType: z.literal("Agent"),
  name: z.string().min(1),
  account: z.object({ homePage: iriSchema, name: z.string().min(1) }),
});

const activitySchema = z.object({
  objectType: z.literal("Activity"),
  id: iriSchema,
  definition: z.object({ name: languageMapSchema, type: iriSchema }),
});

const scoreSchema = z
  .object({
    scaled: z.number().min(-1).max(1).optional(),
    raw: z.number().optional(),
    min: z.number().optional(),
    max: z.number().optional(),
  })
  .refine((s) => s.min === undefined || s.max === undefined || s.min < s.max, "score.min must be below score.max")
  .refine(
    (s) => s.raw === undefined || ((s.min === undefined || s.raw >= s.min) && (s.max === undefined || s.raw <= s.max)),
    "score.raw must lie between score.min and score.max",
  );

export const xapiResultSchema = z.object({
  score: scoreSchema.optional(),
  success: z.boolean().optional(),
  completion: z.boolean().optional(),
});
export type XapiResult = z.infer<typeof xapiResultSchema>;

export const xapiStatementSchema = z.object({
  id: z.string().regex(UUID, "id must be a UUID"),
  actor: agentSchema,
  verb: z.object({ id: iriSchema, display: z.object({ "en-US": z.string().min(1) }) }),
  object: activitySchema,
  result: xapiResultSchema.optional(),
  context: z.object({
    platform: z.string().min(1),
    contextActivities: z.object({ parent: z.array(activitySchema).min(1) }).optional(),
  }),
  timestamp: z.string().regex(ISO_TIMESTAMP, "timestamp must be ISO 8601 with a zone"),
  version: z.literal(XAPI_VERSION),
});
export type XapiStatement = z.infer<typeof xapiStatementSchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (field: string) =>
  z
    .string()
    .regex(DAY, `${field} must be a date (YYYY-MM-DD)`)
    .refine((value) => {
      const time = Date.parse(`${value}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
    }, `${field} must be a real date`);

/** The admin's export: the statements of whole days `from`..`to` (UTC), both included. */
export const xapiExportQuerySchema = z
  .object({ from: day("from"), to: day("to") })
  .refine((q) => q.from <= q.to, { message: "from must not be after to", path: ["to"] });
export type XapiExportQuery = z.infer<typeof xapiExportQuerySchema>;

/** Both exports answer a JSON array of statements, as a file. */
export const xapiStatementsFileSchema = z.array(xapiStatementSchema);
