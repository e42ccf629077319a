import type { Material, MaterialUpdate } from "@lms/contract";
import { useMutation } from "@tanstack/react-query";
import type { CourseArea } from "@/auth/roles";
import { api } from "./client";
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
