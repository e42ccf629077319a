import { ACTIVITY_TYPE_INFO, type ActivityListResponse } from "@lms/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "./client";
import { toQuery } from "./courses";
import { downloadFile } from "./download";

export interface ActivityFilters {
  search?: string;
  type?: string;
  startDate?: string;
  endDate?: string;
  userId?: string;
}

export type ActivityPage = ActivityListResponse["data"];

const activityKeys = {
  all: ["activities"] as const,
  page: (everyone: boolean, filters: ActivityFilters, page: number) =>
    ["activities", everyone ? "everyone" : "mine", filters, page] as const,
  types: ["activities", "types"] as const,
};

/**
 * One page of the log: one's own (spec §7 my-activities) or, for admins, everyone's
 * (GET /admin/activity-logs, which also filters by user).
 */
export function useActivityPage(everyone: boolean, filters: ActivityFilters, page: number) {
  return useQuery({
    queryKey: activityKeys.page(everyone, filters, page),
    queryFn: async ({ signal }) => {
      const path = everyone ? "/admin/activity-logs" : "/activities/my-activities";
      const { userId, ...own } = filters;
      const query = toQuery({ ...(everyone ? filters : own), page });
      return (await api.get<ActivityPage>(`${path}?${query}`, signal)).data;
    },
    placeholderData: keepPreviousData,
  });
}

/** The server's types (value, label, icon); the spec's defaults until it answers. */
export function useActivityTypes() {
  return useQuery({
    queryKey: activityKeys.types,
    queryFn: async ({ signal }) =>
      (await api.get<{ types: { value: string; label: string; icon: string }[] }>("/activities/types", signal)).data
        .types,
    placeholderData: [...ACTIVITY_TYPE_INFO],
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Today's date in the viewer's own calendar, for the file name. */
function localDay(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The filtered log as a CSV file named with the current date (admins; the server streams it). */
export const downloadActivitiesCsv = (filters: ActivityFilters) =>
  downloadFile(`/activities/export?${toQuery({ ...filters, format: "csv" })}`, `activities-${localDay()}.csv`);
