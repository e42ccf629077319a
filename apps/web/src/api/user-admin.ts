import type { BulkUpdateUsersInput, CreateUserInput, Pagination, UpdateUserInput, User } from "@lms/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";
import { toQuery } from "./courses";

export interface UserPageParams {
  page: number;
  limit: number;
  search?: string;
  role?: string;
  status?: string;
}

const usersKey = ["users"] as const;

/** One page of the user management list (spec §7: GET /admin/users). */
export function useUserPage(params: UserPageParams) {
  return useQuery({
    queryKey: [...usersKey, "page", params],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ users: User[]; pagination: Pagination & { capped: boolean } }>(
          `/admin/users?${toQuery({ ...params })}`,
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** A user mutation that reloads every user list when it succeeds (spec §4 "User dialogs"). */
function useUserMutation<T>(run: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

export const useCreateUser = () => useUserMutation((input: CreateUserInput) => api.post("/admin/users", input));

export const useUpdateUser = () =>
  useUserMutation(({ id, input }: { id: string; input: UpdateUserInput }) => api.put(`/admin/users/${id}`, input));

export const useDeleteUser = () => useUserMutation((id: string) => api.delete(`/admin/users/${id}`));

export const useToggleUserStatus = () =>
  useUserMutation((id: string) => api.patch(`/admin/users/${id}/toggle-status`, {}));

export const useBulkUpdateUsers = () =>
  useUserMutation((input: BulkUpdateUsersInput) => api.post("/admin/users/bulk-update", input));

export const useBulkDeleteUsers = () =>
  useUserMutation((userIds: string[]) => api.post("/admin/users/bulk-delete", { userIds }));

/** An admin's help with a user's account (issue 20); both end every session of the user. */
export type AccountSecurityAction = "signOutEverywhere" | "resetTwoFactor";
const ACCOUNT_SECURITY_PATHS: Record<AccountSecurityAction, string> = {
  signOutEverywhere: "sign-out-everywhere",
  resetTwoFactor: "two-factor/reset",
};

export const useAccountSecurityAction = () =>
  useMutation({
    mutationFn: async ({ action, id }: { action: AccountSecurityAction; id: string }) =>
      (await api.post(`/admin/users/${id}/${ACCOUNT_SECURITY_PATHS[action]}`)).message ?? "",
  });
