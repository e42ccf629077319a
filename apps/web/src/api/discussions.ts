import type {
  DiscussionReply,
  DiscussionReport,
  DiscussionSettings,
  DiscussionThread,
  DiscussionThreadCreate,
  DiscussionThreadSummary,
  Pagination,
} from "@lms/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";

export interface DiscussionList {
  threads: DiscussionThreadSummary[];
  pagination: Pagination;
  unreadCount: number;
  canModerate: boolean;
  courseSubscribed: boolean;
  settings: DiscussionSettings;
}
export interface DiscussionThreadView {
  thread: DiscussionThread;
  replies: DiscussionReply[];
  hiddenReplies: number;
}

export const discussionKeys = {
  all: (courseId: string) => ["discussions", courseId] as const,
  list: (courseId: string, page: number, search: string) => ["discussions", courseId, "list", page, search] as const,
  unread: (courseId: string) => ["discussions", courseId, "unread"] as const,
  thread: (courseId: string, threadId: string) => ["discussions", courseId, "thread", threadId] as const,
  reports: (courseId: string) => ["discussions", courseId, "reports"] as const,
};

const base = (courseId: string) => `/courses/${courseId}/discussions`;

/** A page of the course's threads; live events (api/live-events.ts) and a regained focus refresh it. */
export function useDiscussionThreads(courseId: string, page: number, search: string) {
  const query = new URLSearchParams({ page: String(page), limit: "20" });
  if (search) query.set("search", search);
  return useQuery({
    queryKey: discussionKeys.list(courseId, page, search),
    queryFn: async ({ signal }) => (await api.get<DiscussionList>(`${base(courseId)}?${query}`, signal)).data,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });
}

/** The count of unread threads, for the tab. */
export function useDiscussionUnread(courseId: string, enabled: boolean) {
  return useQuery({
    queryKey: discussionKeys.unread(courseId),
    queryFn: async ({ signal }) =>
      (await api.get<{ unreadCount: number }>(`${base(courseId)}/unread`, signal)).data.unreadCount,
    enabled,
    refetchOnWindowFocus: true,
  });
}

/** A thread with its replies; opening it marks it read, so the list and the count refresh after. */
export function useDiscussionThread(courseId: string, threadId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: discussionKeys.thread(courseId, threadId),
    queryFn: async ({ signal }) => {
      const data = (await api.get<DiscussionThreadView>(`${base(courseId)}/${threadId}`, signal)).data;
      void queryClient.invalidateQueries({ queryKey: [...discussionKeys.all(courseId), "list"] });
      void queryClient.invalidateQueries({ queryKey: discussionKeys.unread(courseId) });
      return data;
    },
    refetchOnWindowFocus: true,
  });
}

/** Every write refreshes the course's discussion queries (lists, counts, the open thread). */
function useDiscussionMutation<Input, Output>(courseId: string, run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: discussionKeys.all(courseId) }),
  });
}

export const useCreateThread = (courseId: string) =>
  useDiscussionMutation(
    courseId,
    async (input: DiscussionThreadCreate) => (await api.post<DiscussionThreadView>(base(courseId), input)).data,
  );

export const useReply = (courseId: string, threadId: string) =>
  useDiscussionMutation(
    courseId,
    async (input: { body: string; parentId?: string }) =>
      (await api.post<{ reply: DiscussionReply }>(`${base(courseId)}/${threadId}/replies`, input)).data.reply,
  );

export const useEditPost = (courseId: string, threadId: string) =>
  useDiscussionMutation(courseId, async (input: { postId: string | null; body: string; title?: string }) =>
    input.postId
      ? api.put(`${base(courseId)}/${threadId}/replies/${input.postId}`, { body: input.body })
      : api.put(`${base(courseId)}/${threadId}`, { body: input.body, title: input.title }),
  );

export const useDeletePost = (courseId: string, threadId: string) =>
  useDiscussionMutation(courseId, async (postId: string | null) =>
    api.delete(postId ? `${base(courseId)}/${threadId}/replies/${postId}` : `${base(courseId)}/${threadId}`),
  );

export const useThreadFlag = (courseId: string, threadId: string) =>
  useDiscussionMutation(courseId, async ({ flag, value }: { flag: "pinned" | "locked"; value: boolean }) =>
    api.put(`${base(courseId)}/${threadId}/${flag}`, { value }),
  );

export const useAcceptAnswer = (courseId: string, threadId: string) =>
  useDiscussionMutation(courseId, async (postId: string | null) =>
    api.put(`${base(courseId)}/${threadId}/accepted`, { postId }),
  );

export const useReportPost = (courseId: string, threadId: string) =>
  useDiscussionMutation(courseId, async (input: { postId?: string; reason?: string }) =>
    api.post(`${base(courseId)}/${threadId}/reports`, input),
  );

export const useThreadSubscription = (courseId: string, threadId: string) =>
  useDiscussionMutation(courseId, async (on: boolean) =>
    on
      ? api.put(`${base(courseId)}/${threadId}/subscription`, {})
      : api.delete(`${base(courseId)}/${threadId}/subscription`),
  );

export const useCourseSubscription = (courseId: string) =>
  useDiscussionMutation(courseId, async (on: boolean) =>
    on
      ? api.put(`/courses/${courseId}/discussion-subscription`, {})
      : api.delete(`/courses/${courseId}/discussion-subscription`),
  );

export const useDiscussionSettings = (courseId: string) =>
  useDiscussionMutation(courseId, async (settings: DiscussionSettings) =>
    api.put(`/courses/${courseId}/discussion-settings`, settings),
  );

export function useDiscussionReports(courseId: string, enabled: boolean) {
  return useQuery({
    queryKey: discussionKeys.reports(courseId),
    queryFn: async ({ signal }) =>
      (await api.get<{ reports: DiscussionReport[] }>(`/courses/${courseId}/discussion-reports`, signal)).data.reports,
    enabled,
  });
}

export const useDismissReport = (courseId: string) =>
  useDiscussionMutation(courseId, async (reportId: string) =>
    api.post(`/courses/${courseId}/discussion-reports/${reportId}/dismiss`),
  );
