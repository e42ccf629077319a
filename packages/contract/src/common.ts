import { z } from "zod";
import { LIMITS, OBJECT_ID_PATTERN } from "./constants.js";

export const objectIdSchema = z.string().regex(OBJECT_ID_PATTERN, "Invalid ID format").toLowerCase();
export const isoDateSchema = z.string();

/** One field's error; `code` names the catalogued message it was raised with, for a client's own language. */
export const errorItemSchema = z.object({ path: z.string(), msg: z.string(), code: z.string().optional() });
export const errorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  /** The code of the catalogued message the failure was raised with (see catalogued-message.ts). */
  code: z.string().optional(),
  errors: z.array(errorItemSchema).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
export type ErrorItem = z.infer<typeof errorItemSchema>;

export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** The success envelope of ARCHITECTURE §4: `{ success: true, data, message? }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}

export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
});

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const healthResponseSchema = envelope(z.object({ status: z.literal("ok") }));
