import type { AuthSession, EnableTwoFactorInput } from "@lms/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";
import { tokens } from "./tokens";

interface TwoFactorStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
  required: boolean;
}

const statusKey = ["two-factor"] as const;

export const useTwoFactorStatus = (enabled = true) =>
  useQuery({
    queryKey: statusKey,
    enabled,
    queryFn: async ({ signal }) =>
      (await api.get<{ twoFactor: TwoFactorStatus }>("/users/me/two-factor", signal)).data.twoFactor,
  });

/** A new secret to scan: its QR code (a data URL), the text to type instead, and the otpauth address. */
export const useTwoFactorSetup = () =>
  useMutation({
    mutationFn: async () =>
      (await api.post<{ secret: string; otpauthUrl: string; qrCode: string }>("/users/me/two-factor/setup")).data,
  });

function useStatusChange<T, R>(run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries() });
}

/** Turning it on or off signs out every session; the answer's fresh one keeps this device signed in. */
export const useEnableTwoFactor = () =>
  useStatusChange(async (input: EnableTwoFactorInput) => {
    const { data } = await api.post<{ recoveryCodes: string[]; session: AuthSession }>(
      "/users/me/two-factor/enable",
      input,
    );
    tokens.save(data.session);
    return data.recoveryCodes;
  });

export const useDisableTwoFactor = () =>
  useStatusChange(async (input: { password: string; code: string }) => {
    tokens.save((await api.post<{ session: AuthSession }>("/users/me/two-factor/disable", input)).data.session);
  });
