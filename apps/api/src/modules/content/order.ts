import { CONTENT_MESSAGES, type ContentOrder } from "@lms/contract";
import { badRequest, fieldError } from "../../http/errors.js";

const sameMembers = (given: string[], stored: string[]) =>
  given.length === stored.length && new Set(given).size === given.length && given.every((id) => stored.includes(id));

/**
 * Refuses a new order unless it names every module of the course exactly once and, under each, every
 * one of that module's lessons exactly once: a duplicate, a missing id or another course's id is a 400.
 */
export function checkContentOrder(order: ContentOrder, stored: Map<string, string[]>): void {
  const moduleIds = order.modules.map((m) => m._id);
  if (!sameMembers(moduleIds, [...stored.keys()])) {
    throw badRequest(CONTENT_MESSAGES.orderModulesMismatch, [
      fieldError("modules", CONTENT_MESSAGES.orderModulesMismatch),
    ]);
  }
  order.modules.forEach((module, index) => {
    if (!sameMembers(module.lessonIds, stored.get(module._id) ?? [])) {
      throw badRequest(CONTENT_MESSAGES.orderLessonsMismatch, [
        fieldError(`modules.${index}.lessonIds`, CONTENT_MESSAGES.orderLessonsMismatch),
      ]);
    }
  });
}
