import type { User, UserFormValues } from "@lms/contract";
import type { UseFormReturn } from "react-hook-form";
import { showServerErrors } from "@/lib/server-errors";

/** The dialog's starting values: the spec's defaults for a new user (invited by default), or the user being edited. */
export function initialValues(user: User | null): UserFormValues {
  return {
    name: user?.name ?? "",
    email: user?.email ?? "",
    password: "",
    sendInvitation: user === null,
    role: user?.role ?? "learner",
    status: user?.status ?? "active",
    credits: user?.credits ?? 0,
    bio: user?.profile.bio ?? "",
    location: user?.profile.location ?? "",
    phone: user?.profile.phone ?? "",
    website: user?.profile.website ?? "",
  };
}

const FIELDS = Object.keys(initialValues(null));

/** Puts the server's field errors (e.g. the e-mail already registered) under their fields; true if any. */
export const showUserFormErrors = (form: UseFormReturn<UserFormValues>, error: unknown) =>
  showServerErrors(form, error, FIELDS);
