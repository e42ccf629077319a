import type {
  Announcement,
  AnnouncementCreate,
  ContentOrder,
  CourseDetail,
  CourseModule,
  Lesson,
  LessonCreate,
  LessonFile,
  LessonUpdate,
  ModuleCreate,
  ModuleUpdate,
  ScormPackage,
} from "@lms/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CourseArea } from "@/auth/roles";
import { api } from "./client";
import { detailKey } from "./course-detail";
import { useInvalidateCourses } from "./managed-courses";

/** A module, lesson or lesson file to delete; what hangs below it goes too. */
export type ContentTarget =
  | { kind: "module"; moduleId: string }
  | { kind: "lesson"; moduleId: string; lessonId: string }
  | { kind: "file"; moduleId: string; lessonId: string; fileId: string };

/** Writes below a course, through the manager's area (admin or instructor). */
export function courseContentApi(area: CourseArea, courseId: string) {
  const base = `${area}/courses/${courseId}`;
  const lessonPath = (moduleId: string, lessonId: string) => `${base}/modules/${moduleId}/lessons/${lessonId}`;
  return {
    createModule: async (input: Partial<ModuleCreate>) =>
      (await api.post<{ module: CourseModule }>(`${base}/modules`, input)).data.module,
    createLesson: async (moduleId: string, input: Partial<LessonCreate>) =>
      (await api.post<{ lesson: Lesson }>(`${base}/modules/${moduleId}/lessons`, input)).data.lesson,
    updateLesson: async (moduleId: string, lessonId: string, input: LessonUpdate) =>
      (await api.put<{ lesson: Lesson }>(lessonPath(moduleId, lessonId), input)).data.lesson,
    updateModule: async (moduleId: string, input: ModuleUpdate) =>
      (await api.put<{ module: CourseModule }>(`${base}/modules/${moduleId}`, input)).data.module,
    /** Answers the server's success message. */
    deleteContent: async (target: ContentTarget) => {
      if (target.kind === "module") return (await api.delete(`${base}/modules/${target.moduleId}`)).message;
      const lesson = lessonPath(target.moduleId, target.lessonId);
      if (target.kind === "lesson") return (await api.delete(lesson)).message;
      return (await api.delete(`${lesson}/content/${target.fileId}`)).message;
    },
    /** One file per request, in the multipart field `content` (spec §7). */
    uploadFile: async (moduleId: string, lessonId: string, file: File) => {
      const body = new FormData();
      body.append("content", file, file.name);
      return (await api.post<{ file: LessonFile }>(`${lessonPath(moduleId, lessonId)}/content`, body)).data.file;
    },
    /** A SCORM zip, unpacked by the server into the lesson's package (it replaces an earlier one). */
    uploadScorm: async (moduleId: string, lessonId: string, file: File) => {
      const body = new FormData();
      body.append("package", file, file.name);
      return (await api.post<{ package: ScormPackage }>(`${lessonPath(moduleId, lessonId)}/scorm`, body)).data.package;
    },
    reorder: async (order: ContentOrder) =>
      (await api.put<{ modules: CourseModule[] }>(`${base}/modules/order`, order)).data.modules,
    createAnnouncement: async (input: Partial<AnnouncementCreate>) =>
      (await api.post<{ announcement: Announcement }>(`${base}/announcements`, input)).data.announcement,
  };
}

export function useUpdateLesson(area: CourseArea, courseId: string) {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: ({ moduleId, lessonId, input }: { moduleId: string; lessonId: string; input: LessonUpdate }) =>
      courseContentApi(area, courseId).updateLesson(moduleId, lessonId, input),
    onSuccess: invalidate,
  });
}

export function useUpdateModule(area: CourseArea, courseId: string) {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: ({ moduleId, input }: { moduleId: string; input: ModuleUpdate }) =>
      courseContentApi(area, courseId).updateModule(moduleId, input),
    onSuccess: invalidate,
  });
}

export function useDeleteContent(area: CourseArea, courseId: string) {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: (target: ContentTarget) => courseContentApi(area, courseId).deleteContent(target),
    // A failure may mean someone else already removed it: reload either way.
    onSettled: invalidate,
  });
}

/** The modules, and their lessons, arranged as `order` says (ids it does not name keep their place at the end). */
export function arrangeModules(modules: CourseModule[], order: ContentOrder): CourseModule[] {
  const rank = (ids: string[], id: string) => {
    const at = ids.indexOf(id);
    return at < 0 ? ids.length : at;
  };
  const moduleIds = order.modules.map((m) => m._id);
  return [...modules]
    .sort((a, b) => rank(moduleIds, a._id) - rank(moduleIds, b._id))
    .map((module) => {
      const lessonIds = order.modules.find((m) => m._id === module._id)?.lessonIds ?? [];
      return {
        ...module,
        lessons: [...module.lessons].sort((a, b) => rank(lessonIds, a._id) - rank(lessonIds, b._id)),
      };
    });
}

/** Saves a new module and lesson order, showing it at once and putting the old one back if the save fails. */
export function useReorderContent(area: CourseArea, courseId: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: (order: ContentOrder) => courseContentApi(area, courseId).reorder(order),
    onMutate: async (order) => {
      await queryClient.cancelQueries({ queryKey: detailKey(courseId) });
      const before = queryClient.getQueriesData<CourseDetail>({ queryKey: detailKey(courseId) });
      queryClient.setQueriesData<CourseDetail>({ queryKey: detailKey(courseId) }, (course) =>
        course ? { ...course, modules: arrangeModules(course.modules, order) } : course,
      );
      return { before };
    },
    onError: (_error, _order, context) => {
      for (const [key, course] of context?.before ?? []) queryClient.setQueryData(key, course);
    },
    onSettled: invalidate,
  });
}
