import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";
import { downloadFile } from "./download";

export interface CalendarFeed {
  feedUrl: string;
  webcalUrl: string;
  createdAt: string;
}

export const calendarKeys = { feed: ["calendar", "feed"] as const };

/** The private feed link, asked for only when `enabled` (the user chose to see it); made if there is none. */
export function useCalendarFeed(enabled: boolean) {
  return useQuery({
    queryKey: calendarKeys.feed,
    queryFn: async ({ signal }) =>
      (await api.get<CalendarFeed | null>("/calendar/feed", signal)).data ??
      (await api.post<CalendarFeed>("/calendar/feed")).data,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A new link; the old one stops working. */
export function useRenewCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<CalendarFeed>("/calendar/feed")).data,
    onSuccess: (feed) => queryClient.setQueryData(calendarKeys.feed, feed),
  });
}

/** Stops the link working; no link is shown until the user asks for a new one. */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.delete("/calendar/feed")).message,
    onSuccess: () => queryClient.removeQueries({ queryKey: calendarKeys.feed }),
  });
}

/** Saves one session as an .ics file for any calendar app. */
export function useDownloadSessionEvent() {
  return useMutation({
    mutationFn: (session: { _id: string; title: string }) =>
      downloadFile(`/sessions/${session._id}/calendar.ics`, `${session.title}.ics`),
  });
}
