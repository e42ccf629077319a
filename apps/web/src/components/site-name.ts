import { DEFAULT_SYSTEM_SETTINGS } from "@lms/contract";
import { usePublicSettings } from "@/api/site-settings";

/** The `siteName` system setting; the default name until the server has answered. */
export function useSiteName(): string {
  return usePublicSettings()?.siteName ?? DEFAULT_SYSTEM_SETTINGS.siteName;
}
