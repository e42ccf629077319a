import type { DashboardMaterial, Material, MaterialType, MaterialUpdate, Pagination } from "@lms/contract";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type { CourseArea } from "@/auth/roles";
import { api } from "./client";
import { toQuery } from "./courses";
import { useInvalidateCourses } from "./managed-courses";

/** A new material: a file to upload, or the address of a link. */
export type NewMaterial = { title: string; description: string } & ({ file: File } | { url: string });

/** Course materials through the manager's area (admin or instructor), spec §7. */
export function materialsApi(area: CourseArea, courseId: string) {
  const base = `${area}/courses/${courseId}/materials`;
  return {
    /** Multipart: title, description, and the file in `material` or the link in `url`. */
    create: async (input: NewMaterial) => {
      const body = new FormData();
      body.append("title", input.title);
      body.append("description", input.description);
      if ("file" in input) body.append("material", input.file, input.file.name);
      else body.append("url", input.url);
      return (await api.post<{ material: Material }>(base, body)).data.material;
    },
    update: async (materialId: string, input: MaterialUpdate) => {
      const response = await api.put<{ material: Material }>(`${base}/${materialId}`, input);
      return { material: response.data.material, message: response.message };
    },
    remove: async (materialId: string) => (await api.delete(`${base}/${materialId}`)).message,
  };
}

export function useUpdateMaterial(area: CourseArea, courseId: string) {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: ({ materialId, input }: { materialId: string; input: MaterialUpdate }) =>
      materialsApi(area, courseId).update(materialId, input),
    onSuccess: invalidate,
  });
}

export function useDeleteMaterial(area: CourseArea, courseId: string) {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: (materialId: string) => materialsApi(area, courseId).remove(materialId),
    onSuccess: invalidate,
  });
}

/** The instructor dashboard's newest materials of the courses one manages, and how many there are (spec §2). */
export function useDashboardMaterials(limit: number) {
  return useQuery({
    // Under "courses": material writes invalidate every course answer, this one included.
    queryKey: ["courses", "materials", "dashboard", limit],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ materials: DashboardMaterial[]; total: number }>(
          `/instructor/dashboard/materials?limit=${limit}`,
          signal,
        )
      ).data,
  });
}

export interface WorkspaceMaterialParams {
  page: number;
  limit: number;
  courseId?: string;
  type?: MaterialType;
  search?: string;
}

/** /instructor/materials: every material of the courses one manages (admins: all), filtered and paged on the server. */
export function useWorkspaceMaterials(params: WorkspaceMaterialParams) {
  return useQuery({
    queryKey: ["courses", "materials", "workspace", params],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ materials: DashboardMaterial[]; pagination: Pagination }>(
          `/instructor/materials?${toQuery({ ...params })}`,
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** Adds a material to a course through the instructor area; every course answer is refetched afterwards. */
export function useCreateMaterial() {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: ({ courseId, input }: { courseId: string; input: NewMaterial }) =>
      materialsApi("/instructor", courseId).create(input),
    onSuccess: invalidate,
  });
}
