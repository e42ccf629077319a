import type { PublicSettings, SystemSettings, SystemSettingsUpdate } from "@lms/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useHydrating } from "@/lib/useHydrating";
import { api } from "./client";

export const siteSettingsKeys = {
  public: ["settings", "public"] as const,
  system: ["settings", "system"] as const,
};

/** How often a page shown for maintenance asks whether it is over. */
const MAINTENANCE_POLL_MS = 15_000;

/**
 * The site name and maintenance flag every screen needs (GET /settings/public); none yet while a prerendered
 * page is taken over, as none were when it was prerendered (an answer arriving meanwhile would make its
 * first render differ from its HTML).
 */
export function usePublicSettings(): PublicSettings | undefined {
  const { data } = useQuery({
    queryKey: siteSettingsKeys.public,
    queryFn: async ({ signal }) =>
      (await api.get<{ settings: PublicSettings }>("/settings/public", signal)).data.settings,
    refetchInterval: (query) => (query.state.data?.maintenanceMode ? MAINTENANCE_POLL_MS : false),
  });
  return useHydrating() ? undefined : data;
}

/** Whether visitors may sign up (open until the public settings say otherwise). */
export const useRegistrationOpen = (): boolean => usePublicSettings()?.registrationEnabled ?? true;

/** Where a visitor's "Get Started" leads: the sign-up form, or sign-in while registration is closed. */
export const useGetStartedPath = (): "/register" | "/login" => (useRegistrationOpen() ? "/register" : "/login");

/** The admin's system configuration (GET /admin/settings). */
export function useSystemSettings(enabled: boolean) {
  return useQuery({
    queryKey: siteSettingsKeys.system,
    enabled,
    queryFn: async ({ signal }) =>
      (await api.get<{ settings: SystemSettings }>("/admin/settings", signal)).data.settings,
  });
}

/** PUT /admin/settings with every setting; the public part (name, maintenance) is reloaded after it. */
export function useSaveSystemSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: SystemSettingsUpdate) =>
      (await api.put<{ settings: SystemSettings }>("/admin/settings", settings)).data.settings,
    onSuccess: (settings) => {
      queryClient.setQueryData(siteSettingsKeys.system, settings);
      return queryClient.invalidateQueries({ queryKey: siteSettingsKeys.public });
    },
  });
}
