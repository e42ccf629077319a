import type {
  Conversation,
  ConversationCreate,
  ConversationPerson,
  ConversationSummary,
  MessageCourse,
  MessageSettings,
  Pagination,
  ReportedConversation,
} from "@lms/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";
import { useLiveConnected } from "./live-status";
import { NOTIFICATION_POLL_MS } from "./notifications";

export interface ConversationPage {
  conversations: ConversationSummary[];
  pagination: Pagination;
  unreadCount: number;
}

/** Every inbox query starts with "messages", so the live layer can refresh them all at once. */
export const messageKeys = {
  all: ["messages"] as const,
  unread: ["messages", "unread"] as const,
  list: (page: number, search: string) => ["messages", "list", page, search] as const,
  conversation: (id: string) => ["messages", "conversation", id] as const,
  courses: ["messages", "courses"] as const,
  recipients: (courseId: string) => ["messages", "recipients", courseId] as const,
  reported: (page: number) => ["messages", "reported", page] as const,
};

// Outside "messages" on purpose: refreshing the inbox must not read (and log) a reported conversation again.
const reportedConversationKey = (id: string) => ["reported-conversation", id] as const;

const base = "/messages/conversations";

/** The inbox button's count of conversations with unseen messages: live, polled like the bell while the stream is down. */
export function useUnreadConversations() {
  const live = useLiveConnected();
  return useQuery({
    queryKey: messageKeys.unread,
    queryFn: async ({ signal }) =>
      (await api.get<{ unreadCount: number }>("/messages/unread", signal)).data.unreadCount,
    refetchInterval: live ? false : NOTIFICATION_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 15_000,
  });
}

export function useConversations(page: number, search: string) {
  const query = new URLSearchParams({ page: String(page), limit: "20" });
  if (search) query.set("search", search);
  return useQuery({
    queryKey: messageKeys.list(page, search),
    queryFn: async ({ signal }) => (await api.get<ConversationPage>(`${base}?${query}`, signal)).data,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });
}

/** A conversation with its messages; opening it marks it read, so the list and the count refresh after. */
export function useConversation(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: messageKeys.conversation(id),
    queryFn: async ({ signal }) => {
      const data = (await api.get<{ conversation: Conversation }>(`${base}/${id}`, signal)).data.conversation;
      void queryClient.invalidateQueries({ queryKey: ["messages", "list"] });
      void queryClient.invalidateQueries({ queryKey: messageKeys.unread });
      return data;
    },
    refetchOnWindowFocus: true,
  });
}

export const useMessageCourses = (enabled: boolean) =>
  useQuery({
    queryKey: messageKeys.courses,
    queryFn: async ({ signal }) =>
      (await api.get<{ courses: MessageCourse[] }>("/messages/courses", signal)).data.courses,
    enabled,
  });

export const useMessageRecipients = (courseId: string) =>
  useQuery({
    queryKey: messageKeys.recipients(courseId),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ course: MessageCourse; recipients: ConversationPerson[] }>(
          `/courses/${courseId}/message-recipients`,
          signal,
        )
      ).data,
    enabled: courseId !== "",
  });

/** Every write refreshes the inbox's queries (lists, counts, the open conversation). */
function useMessageMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

export const useSendMessage = () =>
  useMessageMutation(
    async (input: ConversationCreate) =>
      (await api.post<{ conversationIds: string[]; recipients: number }>(base, input)).data,
  );

export const useReplyToConversation = (id: string) =>
  useMessageMutation(async (body: string) => api.post(`${base}/${id}/messages`, { body }));

export const useReportConversation = (id: string) =>
  useMessageMutation(async (reason: string) => api.post(`${base}/${id}/reports`, { reason }));

export const useSaveMessageSettings = (courseId: string) =>
  useMessageMutation(async (settings: MessageSettings) => api.put(`/courses/${courseId}/message-settings`, settings));

export const useReportedConversations = (page: number) =>
  useQuery({
    queryKey: messageKeys.reported(page),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ conversations: ReportedConversation[]; pagination: Pagination }>(
          `/admin/messages/reports?page=${page}&limit=20`,
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });

/** An admin's read of a reported conversation: each read is logged, so it is fetched once per visit. */
export const useReportedConversation = (id: string) =>
  useQuery({
    queryKey: reportedConversationKey(id),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ conversation: Conversation; reports: ReportedConversation["reports"] }>(
          `/admin/messages/conversations/${id}`,
          signal,
        )
      ).data,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
