import type { CreditGrant, CreditRequest } from "@lms/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";

export const creditKeys = {
  mine: (courseId: string) => ["credit-requests", courseId, "mine"] as const,
  course: (courseId: string) => ["credit-requests", courseId, "open"] as const,
};

/** The signed-in learner's open request for the course, or null. */
export function useMyCreditRequest(courseId: string, enabled: boolean) {
  return useQuery({
    queryKey: creditKeys.mine(courseId),
    queryFn: async ({ signal }) =>
      (await api.get<{ request: CreditRequest | null }>(`/courses/${courseId}/credit-requests/mine`, signal)).data
        .request,
    enabled,
  });
}

/** A learner short of credits asks the course's teacher. */
export function useRequestCredits(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (message: string) =>
      (await api.post<{ request: CreditRequest }>(`/courses/${courseId}/credit-requests`, { message })).data.request,
    onSuccess: (request) => queryClient.setQueryData(creditKeys.mine(courseId), request),
  });
}

/** The course's open requests, for its teacher and admins. */
export function useCreditRequests(courseId: string) {
  return useQuery({
    queryKey: creditKeys.course(courseId),
    queryFn: async ({ signal }) =>
      (await api.get<{ requests: CreditRequest[] }>(`/courses/${courseId}/credit-requests`, signal)).data.requests,
  });
}

/** Grants an amount from a request, or dismisses it; either way it leaves the open list. */
export function useAnswerCreditRequest(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (answer: { requestId: string; amount: number | null }) =>
      answer.amount === null
        ? (await api.post<{ request: CreditRequest }>(`/credit-requests/${answer.requestId}/dismiss`)).data.request
        : (
            await api.post<{ request: CreditRequest }>(`/credit-requests/${answer.requestId}/grant`, {
              amount: answer.amount,
            })
          ).data.request,
    onSettled: () => queryClient.invalidateQueries({ queryKey: creditKeys.course(courseId) }),
  });
}

/** Staff give credits to chosen learners or to every learner of a course. */
export function useGrantCredits() {
  return useMutation({
    mutationFn: async (grant: CreditGrant) =>
      (await api.post<{ amount: number; recipients: number }>("/credits/grants", grant)).data,
  });
}
