import { materialUrlSchema } from "@lms/contract";
import { z } from "zod";

/** The form fields of a new material's source: upload a file, or point to a link at `url`. */
export const materialSourceShape = {
  source: z.enum(["file", "link"]),
  url: z.string(),
};

export type MaterialSource = z.infer<z.ZodObject<typeof materialSourceShape>>;

/** A superRefine step: a link material needs a valid http(s) address (the file is checked on submit). */
export function checkMaterialSource(values: MaterialSource, ctx: z.RefinementCtx) {
  if (values.source !== "link") return;
  const url = materialUrlSchema.safeParse(values.url);
  if (!url.success) ctx.addIssue({ code: "custom", path: ["url"], message: url.error.issues[0].message });
}
