import type { AuthSession, User } from "@lms/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useCallback, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { authApi, authKeys } from "@/api/auth";
import { ApiError } from "@/api/errors";
import { tokens } from "@/api/tokens";
import { type AuthState, AuthContext } from "./auth-context";

const LOGOUT_NAVIGATION_DELAY_MS = 100;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A server answer that is not a success ends the session; an unreachable or failing server does not. */
function isRejection(error: unknown): boolean {
  return error instanceof ApiError && error.status > 0 && error.status < 500;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [hasToken, setHasToken] = useState(() => tokens.access() !== null);

  const profile = useQuery({
    queryKey: authKeys.profile,
    enabled: hasToken,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }): Promise<User | null> => {
      try {
        return await authApi.profile(signal);
      } catch (error) {
        if (signal.aborted) throw error;
        if (isRejection(error)) {
          tokens.clear();
          setHasToken(false);
        } else {
          console.error("Could not load the signed-in user's profile", error);
        }
        return null;
      }
    },
  });

  const establish = useCallback(
    (session: AuthSession): User => {
      tokens.save(session);
      queryClient.setQueryData(authKeys.profile, session.user);
      setHasToken(true);
      return session.user;
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    await authApi.logout(tokens.refresh()).catch(() => undefined);
    await wait(LOGOUT_NAVIGATION_DELAY_MS);
    // Leave the guarded page before the user disappears, so the guard does not bounce to /login.
    await navigate("/", { flushSync: true });
    tokens.clear();
    setHasToken(false);
    queryClient.removeQueries({ queryKey: authKeys.profile });
    queryClient.removeQueries({ predicate: (query) => query.getObserversCount() === 0 });
  }, [navigate, queryClient]);

  const value = useMemo<AuthState>(
    () => ({
      user: hasToken ? (profile.data ?? null) : null,
      isAuthenticated: hasToken,
      loading: hasToken && profile.isPending,
      login: async (input) => establish(await authApi.login(input)),
      register: async (input) => establish(await authApi.register(input)),
      logout,
      reloadProfile: () => void profile.refetch(),
    }),
    [hasToken, profile.data, profile.isPending, profile.refetch, establish, logout],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
