import { toast } from "sonner";
import { messageOf } from "@/api/errors";

/** Success toasts carry the spec's exact text as their description. */
export const toastSuccess = (description: string) => toast.success("Success", { description });

/** Failure toasts show the server's message when it sent one, otherwise the spec's fallback. */
export const toastFailure = (error: unknown, fallback: string) =>
  toast.error("Error", { description: messageOf(error, fallback) });
