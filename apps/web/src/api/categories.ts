import type { Category } from "@lms/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "./client";

export const categoryKeys = { all: ["categories"] as const };

export function useCategories() {
  return useQuery({
    queryKey: categoryKeys.all,
    queryFn: async ({ signal }) => (await api.get<{ categories: Category[] }>("/categories", signal)).data.categories,
  });
}
