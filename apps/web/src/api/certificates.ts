import type { Certificate, CertificateVerification, CredentialCheckResult } from "@lms/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";
import { downloadFile } from "./download";

export const certificateKeys = {
  mine: ["certificates", "mine"] as const,
  ofUser: (userId: string) => ["certificates", "user", userId] as const,
  verification: (id: string) => ["certificates", "verification", id] as const,
};

/** The signed-in user's certificates, newest first. */
export function useMyCertificates(enabled = true) {
  return useQuery({
    queryKey: certificateKeys.mine,
    queryFn: async ({ signal }) =>
      (await api.get<{ certificates: Certificate[] }>("/certificates/mine", signal)).data.certificates,
    enabled,
  });
}

/** A user's certificates, for an admin. */
export function useUserCertificates(userId: string) {
  return useQuery({
    queryKey: certificateKeys.ofUser(userId),
    queryFn: async ({ signal }) =>
      (await api.get<{ certificates: Certificate[] }>(`/admin/users/${userId}/certificates`, signal)).data.certificates,
  });
}

/** The public verification of a certificate (no sign-in needed). */
export function useCertificateVerification(id: string) {
  return useQuery({
    queryKey: certificateKeys.verification(id),
    queryFn: async ({ signal }) =>
      (await api.get<CertificateVerification>(`/certificates/${encodeURIComponent(id)}/verification`, signal)).data,
    retry: false,
  });
}

/** Checks a credential someone pasted. */
export function useCheckCredential() {
  return useMutation({
    mutationFn: async (credential: string) =>
      (await api.post<CredentialCheckResult>("/certificates/verify", { credential })).data,
  });
}

export function useRevokeCertificate(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (revocation: { id: string; reason: string }) =>
      (
        await api.post<{ certificate: Certificate }>(`/admin/certificates/${revocation.id}/revoke`, {
          reason: revocation.reason,
        })
      ).data.certificate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: certificateKeys.ofUser(userId) }),
  });
}

export const downloadCertificatePdf = (id: string) => downloadFile(`/certificates/${id}/pdf`, null);
export const downloadCertificateCredential = (id: string) => downloadFile(`/certificates/${id}/credential`, null);
