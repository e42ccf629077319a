import type { AppNotification, BroadcastNotification, NotificationHistory, NotificationsPage } from "@lms/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";
import { useLiveConnected } from "./live-status";

export const notificationKeys = {
  inbox: ["notifications", "inbox"] as const,
  history: ["notifications", "history"] as const,
};
const inboxKey = notificationKeys.inbox;
const historyKey = notificationKeys.history;

/**
 * How often the bell asks for news while the live stream is down (with it, a new notification
 * refreshes the bell at once); it also asks when the window regains focus.
 */
export const NOTIFICATION_POLL_MS = 60_000;
export const BELL_PAGE_SIZE = 10;

/** One's own newest notifications with the unread count (GET /api/notifications). */
export function useNotifications(enabled: boolean) {
  const live = useLiveConnected();
  return useQuery({
    queryKey: inboxKey,
    enabled,
    queryFn: async ({ signal }) =>
      (await api.get<NotificationsPage>(`/notifications?limit=${BELL_PAGE_SIZE}`, signal)).data,
    refetchInterval: live ? false : NOTIFICATION_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 15_000,
  });
}

function useInboxMutation<T>(run: (input: T) => Promise<{ unreadCount: number; notification?: AppNotification }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKey }),
  });
}

export const useMarkNotificationRead = () =>
  useInboxMutation(
    async (id: string) =>
      (await api.post<{ notification: AppNotification; unreadCount: number }>(`/notifications/${id}/read`)).data,
  );

export const useMarkAllNotificationsRead = () =>
  useInboxMutation(
    async (_: undefined) => (await api.post<{ marked: number; unreadCount: number }>("/notifications/read-all")).data,
  );

/** The admin's broadcasts, newest first, with delivery figures. */
export const useNotificationHistory = (page: number, limit: number) =>
  useQuery({
    queryKey: [...historyKey, page, limit],
    queryFn: async ({ signal }) =>
      (await api.get<NotificationHistory>(`/admin/notifications/history?page=${page}&limit=${limit}`, signal)).data,
    placeholderData: keepPreviousData,
    // E-mails go out in the background: the figures move for a while after sending.
    refetchInterval: 15_000,
  });

export function useBroadcastNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: BroadcastNotification) =>
      (await api.post<{ recipients: number }>("/admin/notifications", input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["notifications"] }),
  });
}
