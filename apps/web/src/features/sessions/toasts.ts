import i18next from "i18next";
import { messageOf } from "@/api/errors";
import { toast } from "@/lib/toast";

/** Success toasts carry the spec's exact text as their description. */
export const toastSuccess = (description: string) =>
  toast.success(i18next.t("sessions:toast.success"), { description });

/** Failure toasts show the server's message when it sent one, otherwise the spec's fallback. */
export const toastFailure = (error: unknown, fallback: string) =>
  toast.error(i18next.t("sessions:toast.error"), { description: messageOf(error, fallback) });
