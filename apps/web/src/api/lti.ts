import type { LtiCourseTool, LtiLaunchForm, LtiLinkInput, LtiPlatform, LtiTool, LtiToolInput } from "@lms/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CourseArea } from "@/auth/roles";
import { api } from "./client";
import { useInvalidateCourses } from "./managed-courses";

const adminToolsKey = ["lti", "admin-tools"] as const;

/** The registered LTI tools and the platform details a tool's vendor needs (admins). */
export function useLtiAdminTools() {
  return useQuery({
    queryKey: adminToolsKey,
    queryFn: async ({ signal }) =>
      (await api.get<{ tools: LtiTool[]; platform: LtiPlatform }>("/admin/lti/tools", signal)).data,
  });
}

function useAdminToolMutation<T, R>(run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["lti"] }),
  });
}

/** Registers a tool (`toolId` null) or saves one; answers the tool as stored, with its generated ids. */
export const useSaveLtiTool = () =>
  useAdminToolMutation(async ({ toolId, input }: { toolId: string | null; input: LtiToolInput }) => {
    const reply = toolId
      ? await api.put<{ tool: LtiTool }>(`/admin/lti/tools/${toolId}`, input)
      : await api.post<{ tool: LtiTool }>("/admin/lti/tools", input);
    return { tool: reply.data.tool, message: reply.message };
  });

export const useDeleteLtiTool = () =>
  useAdminToolMutation(async (toolId: string) => (await api.delete(`/admin/lti/tools/${toolId}`)).message);

export const useRotateLtiKey = () =>
  useAdminToolMutation(async () => (await api.post<{ kid: string }>("/admin/lti/keys/rotate")).message);

/** The tools a course manager may place in the course. */
export function useLtiCourseTools(area: CourseArea, courseId: string) {
  return useQuery({
    queryKey: ["lti", "course-tools", area, courseId],
    queryFn: async ({ signal }) =>
      (await api.get<{ tools: LtiCourseTool[] }>(`${area}/courses/${courseId}/lti/tools`, signal)).data.tools,
  });
}

/** Starts a deep-linking launch: the form the dialog posts into its frame. */
export function useStartDeepLinking(area: CourseArea, courseId: string, moduleId: string) {
  return useMutation({
    mutationFn: async (toolId: string) =>
      (
        await api.post<{ launch: LtiLaunchForm }>(`${area}/courses/${courseId}/modules/${moduleId}/lti/deep-linking`, {
          toolId,
        })
      ).data.launch,
  });
}

/** Adds a lesson holding one link to the tool (with a grade column when it has maximum points). */
export function useCreateLtiLink(area: CourseArea, courseId: string, moduleId: string) {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: async (input: LtiLinkInput) =>
      (
        await api.post<{ lessonId: string; linkId: string }>(
          `${area}/courses/${courseId}/modules/${moduleId}/lti/links`,
          input,
        )
      ).message,
    onSuccess: invalidate,
  });
}

/** A fresh, one-time launch of a lesson's LTI link (learners and the course's managers). */
export function useLtiLaunch(courseId: string, lessonId: string, linkId: string) {
  return useMutation({
    mutationFn: async () =>
      (await api.post<{ launch: LtiLaunchForm }>(`/courses/${courseId}/lessons/${lessonId}/lti/${linkId}/launch`)).data
        .launch,
  });
}
