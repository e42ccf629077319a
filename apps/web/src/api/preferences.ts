import type { Preferences } from "@lms/contract";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "./client";

interface SavedPreferences {
  preferences: Preferences;
  /** Null: never saved to the account. */
  updatedAt: string | null;
}

export const preferencesKey = ["preferences"] as const;

/** The signed-in account's saved preferences (GET /users/me/preferences). */
export const accountPreferencesQuery = queryOptions({
  queryKey: preferencesKey,
  staleTime: Number.POSITIVE_INFINITY,
  queryFn: async ({ signal }) => (await api.get<SavedPreferences>("/users/me/preferences", signal)).data,
});

export const useAccountPreferences = (enabled: boolean) => useQuery({ ...accountPreferencesQuery, enabled });

export const useSavePreferences = () =>
  useMutation({
    mutationFn: async (preferences: Preferences) =>
      (await api.put<SavedPreferences>("/users/me/preferences", preferences)).data,
  });
