import { MutationCache, QueryCache, QueryClient, type QueryKey } from "@tanstack/react-query";
import { ApiError } from "./errors";
import { siteSettingsKeys } from "./site-settings";

const isPublicSettings = (key: QueryKey) => key.join("/") === siteSettingsKeys.public.join("/");

/** A 503 may mean maintenance began: the public settings say so, and the maintenance page follows them. */
function recheckMaintenance(error: unknown, key?: QueryKey) {
  if (!(error instanceof ApiError) || error.status !== 503 || (key && isPublicSettings(key))) return;
  void queryClient.invalidateQueries({ queryKey: siteSettingsKeys.public });
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => recheckMaintenance(error, query.queryKey) }),
  mutationCache: new MutationCache({ onError: (error) => recheckMaintenance(error) }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Retrying a 4xx answer cannot change it; network and server failures get one more try.
      retry: (failureCount, error) =>
        failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
});
