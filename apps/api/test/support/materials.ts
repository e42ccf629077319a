import type { FastifyInstance } from "fastify";
import { multipart } from "./multipart.js";

/** POST .../courses/{id}/materials as multipart: text fields, and a file in `material` when given. */
export function postMaterial(
  app: FastifyInstance,
  courseId: string,
  auth: Record<string, string>,
  fields: Record<string, string>,
  { file, area = "instructor" }: { file?: { filename: string; content: Buffer }; area?: "instructor" | "admin" } = {},
) {
  const body = multipart(fields, file ? { field: "material", ...file } : undefined);
  return app.inject({
    method: "POST",
    url: `/api/${area}/courses/${courseId}/materials`,
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
}
