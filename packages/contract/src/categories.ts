import { z } from "zod";
import { envelope } from "./common.js";

export const categorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  courseCount: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryListResponseSchema = envelope(z.object({ categories: z.array(categorySchema) }));
