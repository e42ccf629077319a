import i18next from "i18next";
import { ApiError, fieldMessage } from "@/api/errors";
import type common from "@/locales/en/common.json";

type CourseUiKey = keyof (typeof common)["courseUi"];
const text = (key: CourseUiKey, options?: Record<string, unknown>): string =>
  i18next.t(`courseUi.${key}`, options ?? {}) as string;

/**
 * Screen messages of spec §8 for courses, content and the lesson viewer that only the web app shows,
 * read in the interface's language each time one is used.
 */
export const COURSE_UI = new Proxy({} as Record<CourseUiKey, string>, {
  get: (_, key) => text(key as CourseUiKey),
});

/** 'Success!' with '{kind} created successfully.' */
export const itemCreatedMessage = (kind: string) => text("itemCreated", { kind });

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : undefined);
const serverMessageOf = (error: unknown) => (error instanceof ApiError ? error.localMessage : undefined);

/** Spec §8 "Create item failure". */
export function createItemFailure(error: unknown): string {
  switch (statusOf(error)) {
    case 404:
      return text("moduleNotFound");
    case 401:
      return text("authError");
    case 403:
      return text("forbidden");
    default:
      return serverMessageOf(error) ?? text("createItemFailed");
  }
}

/** Spec §8 "File upload failure". */
export function uploadFailure(error: unknown): string {
  switch (statusOf(error)) {
    case 404:
      return text("lessonOrModuleNotFound");
    case 401:
      return text("authError");
    case 403:
      return text("uploadForbidden");
    case 500:
      return text("uploadServerError");
    default:
      return serverMessageOf(error) ?? text("uploadFailed");
  }
}

/** Spec §8 "Create course failure": the joined messages of `errors`, else the message, else the default. */
export function createCourseFailure(error: unknown): string {
  if (error instanceof ApiError && error.errors.length > 0)
    return error.errors.map((item) => fieldMessage(item)).join(", ");
  return serverMessageOf(error) ?? text("createCourseFailed");
}
