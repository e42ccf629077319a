import type { SwaggerTransform } from "@fastify/swagger";
import type { FastifySchema } from "fastify";

/**
 * The OpenAPI request body of a multipart route. Such routes read their parts themselves
 * (`receiveUpload`), so they cannot declare a fastify `body` schema (it would be validated against a
 * body that multipart requests do not have). They name their parts in `config.multipartBody`
 * instead, and the document's transform turns that into a `multipart/form-data` body with a binary
 * file field; request handling is unchanged.
 */
export interface MultipartBody {
  /** The part that carries the file, and whether a request without it is refused. */
  file: { name: string; required: boolean };
  /** Text parts: name -> description; the required ones listed in `required`. */
  fields?: Record<string, string>;
  required?: string[];
}

declare module "fastify" {
  interface FastifyContextConfig {
    multipartBody?: MultipartBody;
  }
}

function multipartSchema({ file, fields = {}, required = [] }: MultipartBody) {
  const properties: Record<string, Record<string, string>> = {
    [file.name]: { type: "string", format: "binary", description: "The file." },
  };
  for (const [name, description] of Object.entries(fields)) properties[name] = { type: "string", description };
  return {
    type: "object",
    properties,
    required: [...(file.required ? [file.name] : []), ...required],
  };
}

/** Wraps the document's route transform: a route with `config.multipartBody` gets it as its request body. */
export function withMultipartBodies<S extends FastifySchema>(transform: SwaggerTransform<S>): SwaggerTransform<S> {
  return (input) => {
    const result = transform(input);
    const doc = input.route.config?.multipartBody;
    if (!doc) return result;
    return { ...result, schema: { ...result.schema, body: multipartSchema(doc) } };
  };
}
