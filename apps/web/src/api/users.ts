import type { Pagination, User } from "@lms/contract";
import { LIMITS } from "@lms/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "./client";
import { toQuery } from "./courses";

interface UserListParams {
  search?: string;
  role?: string;
  status?: string;
  limit: number;
}

function useAdminUsers(params: UserListParams, enabled = true) {
  return useQuery({
    queryKey: ["users", "admin", params],
    enabled,
    queryFn: async ({ signal }) =>
      (await api.get<{ users: User[]; pagination: Pagination }>(`/admin/users?${toQuery({ ...params })}`, signal)).data,
    placeholderData: keepPreviousData,
  });
}

/** Spec §6: admins load the active instructors (limit 100) to create a course. */
export const useActiveInstructors = (enabled: boolean) =>
  useAdminUsers({ role: "instructor", status: "active", limit: LIMITS.instructorLookup }, enabled);
