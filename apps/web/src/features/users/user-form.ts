import type { User, UserFormValues } from "@lms/contract";
import type { FieldPath, UseFormReturn } from "react-hook-form";
import { ApiError } from "@/api/errors";

/** The dialog's starting values: the spec's defaults for a new user, or the user being edited. */
export function initialValues(user: User | null): UserFormValues {
  return {
    name: user?.name ?? "",
    email: user?.email ?? "",
    password: "",
    role: user?.role ?? "learner",
    status: user?.status ?? "active",
    credits: user?.credits ?? 0,
    bio: user?.profile.bio ?? "",
    location: user?.profile.location ?? "",
    phone: user?.profile.phone ?? "",
    website: user?.profile.website ?? "",
  };
}

const FIELDS = new Set(Object.keys(initialValues(null)));

/** Puts the server's field errors (e.g. the e-mail already registered) under their fields; true if any. */
export function showServerErrors(form: UseFormReturn<UserFormValues>, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const fieldErrors = error.errors.filter((item) => FIELDS.has(item.path));
  for (const item of fieldErrors) {
    form.setError(item.path as FieldPath<UserFormValues>, { message: item.msg }, { shouldFocus: true });
  }
  return fieldErrors.length > 0;
}

/** 'Failed to update user.' with the validation errors joined by commas when given (spec §8). */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.errors.length > 0) return error.errors.map((e) => e.msg).join(", ");
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
