import type { AuthSession, ChangeEmailInput, ChangePasswordInput, UpdateProfileInput, User } from "@lms/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { authKeys } from "./auth";
import { api } from "./client";
import { tokens } from "./tokens";
import { uploadWithProgress } from "./upload";

/** Every change answers with the user as it now is; the signed-in profile shows it at once. */
function useKeepUser() {
  const queryClient = useQueryClient();
  return (user: User) => queryClient.setQueryData(authKeys.profile, user);
}

export function useUpdateProfile() {
  const keep = useKeepUser();
  return useMutation({
    mutationFn: async (input: UpdateProfileInput) => (await api.put<{ user: User }>("/users/me", input)).data.user,
    onSuccess: keep,
  });
}

/** The server signs out every other session and answers with fresh tokens for this one. */
export function useChangePassword() {
  const keep = useKeepUser();
  return useMutation({
    mutationFn: async (input: ChangePasswordInput) => (await api.put<AuthSession>("/users/me/password", input)).data,
    onSuccess: (session) => {
      tokens.save(session);
      keep(session.user);
    },
  });
}

/** Ends every other session of the account; this device carries on with the fresh tokens of the answer. */
export function useSignOutOthers() {
  const keep = useKeepUser();
  return useMutation({
    mutationFn: async () => (await api.post<AuthSession>("/users/me/sign-out-others")).data,
    onSuccess: (session) => {
      tokens.save(session);
      keep(session.user);
    },
  });
}

export function useChangeEmail() {
  return useMutation({
    mutationFn: async (input: ChangeEmailInput) => (await api.put("/users/me/email", input)).message ?? "",
  });
}

/** The change signs the account out everywhere (issue 20): the caller forgets this browser's session. */
export function useConfirmEmail() {
  return useMutation({
    mutationFn: async (token: string) =>
      (await api.post(`/auth/confirm-email/${encodeURIComponent(token)}`)).message ?? "",
  });
}

export function useUploadAvatar(onProgress: (fraction: number) => void) {
  const keep = useKeepUser();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return (await uploadWithProgress<{ user: User }>("/users/me/avatar", form, onProgress, "PUT")).data.user;
    },
    onSuccess: keep,
  });
}

export function useRemoveAvatar() {
  const keep = useKeepUser();
  return useMutation({
    mutationFn: async () => (await api.delete<{ user: User }>("/users/me/avatar")).data.user,
    onSuccess: keep,
  });
}
