import type {
  AuthSession,
  LoginRequest,
  RESET_LINK_PURPOSES,
  RegisterRequest,
  TwoFactorChallenge,
  User,
} from "@lms/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "./client";

type ResetLinkPurpose = (typeof RESET_LINK_PURPOSES)[number];

export const authKeys = {
  profile: ["auth", "profile"] as const,
  resetToken: (token: string) => ["auth", "reset-token", token] as const,
};

export const authApi = {
  login: async (input: LoginRequest) => (await api.post<AuthSession | TwoFactorChallenge>("/auth/login", input)).data,
  loginWithCode: async (challenge: string, code: string) =>
    (await api.post<AuthSession>("/auth/login/two-factor", { challenge, code })).data,
  register: async (input: RegisterRequest) => (await api.post<AuthSession>("/auth/register", input)).data,
  logout: (refreshToken: string | null) =>
    api.post("/auth/logout", refreshToken ? { refreshToken } : {}).then(() => undefined),
  profile: async (signal?: AbortSignal) => (await api.get<{ user: User }>("/auth/profile", signal)).data.user,
};

export function useForgotPassword() {
  return useMutation({
    mutationFn: async (email: string) => (await api.post("/auth/forgot-password", { email })).message ?? "",
  });
}

export function useResetTokenCheck(resetToken: string) {
  return useQuery({
    queryKey: authKeys.resetToken(resetToken),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ valid: true; email: string; purpose: ResetLinkPurpose }>(
          `/auth/reset-password/${encodeURIComponent(resetToken)}`,
          signal,
        )
      ).data,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useResetPassword(resetToken: string) {
  return useMutation({
    /** An invitation's link also answers the new user's session. */
    mutationFn: async (password: string) => {
      const answer = await api.post<AuthSession | undefined>(`/auth/reset-password/${encodeURIComponent(resetToken)}`, {
        password,
      });
      return { message: answer.message ?? "", session: answer.data };
    },
  });
}
