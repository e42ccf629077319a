import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";

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

export const useEnableTwoFactor = () =>
  useStatusChange(
    async (code: string) =>
      (await api.post<{ recoveryCodes: string[] }>("/users/me/two-factor/enable", { code })).data.recoveryCodes,
  );

export const useDisableTwoFactor = () =>
  useStatusChange(async (input: { password: string; code: string }) => {
    await api.post("/users/me/two-factor/disable", input);
  });
