import type {
  CourseSummary,
  CreateSessionRequest,
  LearnerToDo,
  LearningActivity,
  Pagination,
  Session,
  SessionConflicts,
  UpdateSessionRequest,
} from "@lms/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";

/** The most sessions one course list shows (the api's page-size ceiling). */
const COURSE_SESSION_LIMIT = 100;

export interface WeekRange {
  from: string;
  to: string;
}

export interface LearningActivities {
  activities: LearningActivity[];
  /** Open attempts and assessments not attempted yet (issue 21). */
  toDos: LearnerToDo[];
  attendance: { attended: number; total: number; rate: number };
}

export interface SessionLink {
  /** null for an in-person session. */
  joinUrl: string | null;
  role: "host" | "attendee";
  session: Session;
}

export const sessionKeys = {
  all: ["sessions"] as const,
  course: (courseId: string) => ["sessions", "course", courseId] as const,
  week: (courseId: string, range: WeekRange) => ["sessions", "course", courseId, "week", range] as const,
  mine: (from: string) => ["sessions", "mine", from] as const,
  activities: ["sessions", "activities"] as const,
  instructorUpcoming: ["sessions", "instructor-upcoming"] as const,
  schedulableCourses: ["courses", "schedulable"] as const,
  schedule: ["sessions", "schedule"] as const,
  update: ["sessions", "update"] as const,
  conflicts: (courseId: string, slot: PlannedSlot) => ["sessions", "conflicts", courseId, slot] as const,
};

/** A slot being planned: an instant, its length, and the session being edited (if any). */
export interface PlannedSlot {
  scheduledAt: string;
  duration: number;
  excludeSessionId?: string;
}

type SessionList = { sessions: Session[]; pagination: Pagination };

function listPath(courseId: string, range?: WeekRange): string {
  const query = new URLSearchParams({ courseId, limit: String(COURSE_SESSION_LIMIT) });
  if (range) {
    query.set("from", range.from);
    query.set("to", range.to);
  }
  return `/sessions?${query}`;
}

/** The displayed status follows the clock, so open lists ask again this often. */
const STATUS_REFRESH_MS = 60_000;

/** Every session of one course, oldest first. */
export function useCourseSessions(courseId: string) {
  return useQuery({
    queryKey: sessionKeys.course(courseId),
    queryFn: async ({ signal }) => (await api.get<SessionList>(listPath(courseId), signal)).data.sessions,
    refetchInterval: STATUS_REFRESH_MS,
  });
}

/** The sessions of one course that start inside a week of the scheduling calendar. */
export function useWeekSessions(courseId: string, range: WeekRange) {
  return useQuery({
    queryKey: sessionKeys.week(courseId, range),
    queryFn: async ({ signal }) => (await api.get<SessionList>(listPath(courseId, range), signal)).data.sessions,
    enabled: courseId !== "",
  });
}

/** The signed-in user's sessions (every session for an admin) starting from `from`, soonest first. */
export function useMySessions(from: string) {
  return useQuery({
    queryKey: sessionKeys.mine(from),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ from, limit: String(COURSE_SESSION_LIMIT) });
      return (await api.get<SessionList>(`/sessions?${query}`, signal)).data;
    },
    refetchInterval: STATUS_REFRESH_MS,
  });
}

/** The learner dashboard's activities and attendance, one call for both cards. */
export function useLearningActivities() {
  return useQuery({
    queryKey: sessionKeys.activities,
    queryFn: async ({ signal }) => (await api.get<LearningActivities>("/sessions/activities", signal)).data,
  });
}

/** The instructor dashboard's next five scheduled sessions and how many there are in all. */
export function useInstructorUpcomingSessions() {
  return useQuery({
    queryKey: sessionKeys.instructorUpcoming,
    queryFn: async ({ signal }) =>
      (await api.get<{ sessions: Session[]; total: number }>("/instructor/dashboard/sessions", signal)).data,
  });
}

/** The courses the signed-in instructor teaches (every course for an admin), for the schedule form. */
export function useSchedulableCourses() {
  return useQuery({
    queryKey: sessionKeys.schedulableCourses,
    queryFn: async ({ signal }) =>
      (await api.get<{ courses: CourseSummary[] }>(`/instructor/courses?limit=${COURSE_SESSION_LIMIT}`, signal)).data
        .courses,
    staleTime: 5 * 60_000,
  });
}

/** A mutation that refreshes every session list when it succeeds. */
function useSessionMutation<TInput, TOutput>(
  mutationFn: (input: TInput) => Promise<TOutput>,
  mutationKey?: readonly unknown[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

/** Keyed, so the dialog or page around the form can tell that scheduling is under way. */
export const useScheduleSession = () =>
  useSessionMutation(
    async (input: CreateSessionRequest) => (await api.post<{ session: Session }>("/sessions", input)).data.session,
    sessionKeys.schedule,
  );

/** What the slot clashes with: the teacher's sessions in all their courses, and busy learners. */
export function useSessionConflicts(courseId: string, slot: PlannedSlot | null) {
  return useQuery({
    queryKey: sessionKeys.conflicts(courseId, slot ?? { scheduledAt: "", duration: 0 }),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ scheduledAt: slot?.scheduledAt ?? "", duration: String(slot?.duration) });
      if (slot?.excludeSessionId) query.set("excludeSessionId", slot.excludeSessionId);
      const path = `/instructor/courses/${courseId}/sessions/conflicts?${query}`;
      return (await api.get<SessionConflicts>(path, signal)).data;
    },
    enabled: courseId !== "" && slot !== null,
    placeholderData: (previous) => previous,
  });
}

/** Changes a session (a new time or duration moves it); keyed like scheduling, for the dialog around it. */
export const useUpdateSession = () =>
  useSessionMutation(
    async ({ courseId, sessionId, changes }: { courseId: string; sessionId: string; changes: UpdateSessionRequest }) =>
      (await api.put<{ session: Session }>(`/instructor/courses/${courseId}/sessions/${sessionId}`, changes)).data
        .session,
    sessionKeys.update,
  );

/** `early` confirms a start long before the scheduled time (the api refuses it otherwise). */
export const useStartSession = () =>
  useSessionMutation(
    async ({ id, early }: { id: string; early?: boolean }) =>
      (await api.post<SessionLink>(`/sessions/${id}/start`, early ? { early: true } : undefined)).data,
  );

export const useJoinSession = () =>
  useSessionMutation(async (id: string) => (await api.post<SessionLink>(`/sessions/${id}/join`)).data);

export const useDeleteSession = () =>
  useSessionMutation(async (id: string) => (await api.delete(`/sessions/${id}`)).message);

/** Spec §9: the list reloads about a second after a session is ended. */
const END_RELOAD_DELAY_MS = 1000;

/** Ends a live session, then reloads the lists about a second later. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api.post<{ session: Session }>(`/sessions/${id}/end`)).message,
    onSuccess: () => {
      setTimeout(() => queryClient.invalidateQueries({ queryKey: sessionKeys.all }), END_RELOAD_DELAY_MS);
    },
  });
}
