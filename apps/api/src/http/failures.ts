import { errorResponseSchema } from "@lms/contract";

/** The failure answers a route may give, for its response schema (ARCHITECTURE §4). */
export const failures = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

export const uploadFailures = { ...failures, 413: errorResponseSchema, 415: errorResponseSchema };

export const mediaFailures = {
  400: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  416: errorResponseSchema,
};

export const pagination = (query: { page: number; limit: number }, total: number) => ({
  page: query.page,
  limit: query.limit,
  total,
  pages: Math.ceil(total / query.limit),
});
