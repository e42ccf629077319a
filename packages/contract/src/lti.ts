import { z } from "zod";
import { messageGroup } from "./catalogued-message.js";
import { envelope } from "./common.js";
import { idSchema } from "./ids.js";

/** LTI 1.3 Advantage: the product as platform (issue 25). */
export const LTI_MESSAGES = messageGroup("LTI_MESSAGES", {
  nameRequired: "Give the tool a name",
  invalidUrl: "Give a full https:// or http:// address",
  keySourceRequired: "Give either the tool's JWKS URL or its public key, not both",
  invalidPublicKey: "The public key is neither an RSA key in PEM form nor a JWK",
  invalidDeploymentId: "A deployment id is 1 to 255 characters",
  invalidCustomParameter: "Custom parameter names are letters, digits and underscores; values at most 1,000 characters",
  toolCreated: "Tool registered.",
  toolUpdated: "Tool saved.",
  toolDeleted: "Tool deleted.",
  toolNotFound: "No such LTI tool",
  toolInUse: "Lessons or grade columns still use this tool; remove them first",
  keyRotated: "A new platform key signs launches from now on.",
  noDeepLinking: "This tool has no deep-linking URL",
  titleRequired: "Give the link a title",
  linkCreated: "Tool link added.",
  linkNotFound: "No such LTI link in this lesson",
  moduleNotFound: "No such module in this course",
  // browser legs (the authorization request and the deep-linking return)
  invalidRequest: "The launch request is invalid",
  invalidHint: "This launch has expired or was already used; launch the tool again",
  wrongRedirectUri: "The redirect_uri is not one of the tool's registered URLs",
  wrongLoginHint: "The login_hint does not belong to this launch",
  nonceRequired: "The request has no nonce",
  nonceReused: "This nonce was already used",
  unknownClient: "No tool is registered with this client_id",
  invalidDeepLinkingResponse: "The deep-linking response is invalid",
  // tool services
  invalidClientAssertion: "The client assertion is invalid",
  unsupportedGrantType: "grant_type must be client_credentials",
  invalidToken: "The access token is missing, invalid or expired",
  scopeMissing: "The access token lacks the scope this service needs",
  courseNotReachable: "This tool has no link or grade column in this course",
  lineItemNotFound: "No such line item",
  invalidLineItem: "A line item needs a label and a scoreMaximum above 0",
  invalidScore: "The score is invalid",
  staleScore: "A score with the same or a newer timestamp is already stored",
  wrongContentType: "Wrong content type for this service",
});
const M = LTI_MESSAGES;

export const LTI_SERVICES = ["ags", "nrps"] as const;
export type LtiService = (typeof LTI_SERVICES)[number];

const urlSchema = z
  .string({ error: M.invalidUrl })
  .trim()
  .max(2_000, M.invalidUrl)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "https:" || url.protocol === "http:";
    } catch {
      return false;
    }
  }, M.invalidUrl);

const customParametersSchema = z
  .record(
    z.string().regex(/^[A-Za-z0-9_]{1,100}$/, M.invalidCustomParameter),
    z.string().max(1_000, M.invalidCustomParameter),
  )
  .refine((value) => Object.keys(value).length <= 50, M.invalidCustomParameter);

/** POST/PUT /api/admin/lti/tools: exactly one of jwksUrl and publicKey. */
export const ltiToolInputSchema = z
  .object({
    name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(200, M.nameRequired),
    loginUrl: urlSchema,
    launchUrl: urlSchema,
    deepLinkingUrl: urlSchema.nullish(),
    jwksUrl: urlSchema.nullish(),
    /** An RSA public key as PEM (SPKI) or as a JWK in JSON. */
    publicKey: z.string().trim().max(10_000, M.invalidPublicKey).nullish(),
    /** Empty or absent: one is generated. */
    deploymentIds: z
      .array(z.string().trim().min(1, M.invalidDeploymentId).max(255, M.invalidDeploymentId))
      .max(20)
      .optional(),
    services: z.array(z.enum(LTI_SERVICES)).max(2).default([]),
    customParameters: customParametersSchema.optional(),
  })
  .refine((value) => Boolean(value.jwksUrl) !== Boolean(value.publicKey), {
    error: M.keySourceRequired,
    path: ["jwksUrl"],
  });
export type LtiToolInput = z.input<typeof ltiToolInputSchema>;

export const ltiToolSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Generated at registration: the admin gives it to the tool. */
  clientId: z.string(),
  deploymentIds: z.array(z.string()),
  loginUrl: z.string(),
  launchUrl: z.string(),
  deepLinkingUrl: z.string().nullable(),
  jwksUrl: z.string().nullable(),
  publicKey: z.string().nullable(),
  services: z.array(z.enum(LTI_SERVICES)),
  customParameters: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type LtiTool = z.infer<typeof ltiToolSchema>;

/** What an admin gives a tool's developer: the platform's endpoints. */
export const ltiPlatformSchema = z.object({
  issuer: z.string(),
  authorizationUrl: z.string(),
  tokenUrl: z.string(),
  jwksUrl: z.string(),
  deepLinkingReturnUrl: z.string(),
});
export type LtiPlatform = z.infer<typeof ltiPlatformSchema>;

export const ltiToolParamsSchema = z.object({ toolId: idSchema });
export const ltiToolsResponseSchema = envelope(
  z.object({ tools: z.array(ltiToolSchema), platform: ltiPlatformSchema }),
);
export const ltiToolResponseSchema = envelope(z.object({ tool: ltiToolSchema }));
export const ltiKeyRotateResponseSchema = envelope(z.object({ kid: z.string() }));

/** GET /api/{instructor|admin}/courses/{id}/lti/tools: the tools a course manager may place. */
export const ltiCourseToolSchema = z.object({ _id: z.string(), name: z.string(), canDeepLink: z.boolean() });
export type LtiCourseTool = z.infer<typeof ltiCourseToolSchema>;
export const ltiCourseToolsResponseSchema = envelope(z.object({ tools: z.array(ltiCourseToolSchema) }));

/** The form the web posts (into its frame or a new window) to start the OIDC login at the tool. */
export const ltiLaunchFormSchema = z.object({
  /** The tool's OIDC login initiation URL. */
  action: z.string(),
  /** iss, login_hint, target_link_uri, lti_message_hint, client_id, lti_deployment_id */
  fields: z.record(z.string(), z.string()),
  target: z.enum(["frame", "window"]),
});
export type LtiLaunchForm = z.infer<typeof ltiLaunchFormSchema>;
export const ltiLaunchResponseSchema = envelope(z.object({ launch: ltiLaunchFormSchema }));

export const ltiDeepLinkingStartSchema = z.object({ toolId: idSchema });
export type LtiDeepLinkingStart = z.infer<typeof ltiDeepLinkingStartSchema>;

/** POST .../modules/{moduleId}/lti/links: a lesson holding one link (and a line item with scoreMaximum). */
export const ltiLinkInputSchema = z.object({
  toolId: idSchema,
  title: z.string({ error: M.titleRequired }).trim().min(1, M.titleRequired).max(200, M.titleRequired),
  url: urlSchema.nullish(),
  scoreMaximum: z.number().positive(M.invalidLineItem).max(1_000_000, M.invalidLineItem).nullish(),
});
export type LtiLinkInput = z.input<typeof ltiLinkInputSchema>;
export const ltiLinkCreatedResponseSchema = envelope(z.object({ lessonId: z.string(), linkId: z.string() }));

export const ltiLaunchParamsSchema = z.object({ id: idSchema, lessonId: idSchema, linkId: idSchema });

/** On a lesson file of kind "lti": what the viewer launches. */
export const lessonFileLtiSchema = z.object({ linkId: z.string(), toolName: z.string() });
export type LessonFileLti = z.infer<typeof lessonFileLtiSchema>;

/** The media type of the lesson file that stands for an LTI link: the viewer launches it. */
export const LTI_FILE_TYPE = "application/vnd.ims.lti.v1p3+link";

/** The deep-linking return page's words (server-rendered, in English like the other browser-leg pages). */
export const ltiItemsAddedText = (count: number) => `Added ${count} ${count === 1 ? "item" : "items"}`;

/** What the deep-linking return page posts to the web app's window. */
export const LTI_DEEP_LINKING_DONE = "lti-deep-linking-done";
