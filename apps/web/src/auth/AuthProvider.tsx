import type { AuthSession, User } from "@lms/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { authApi, authKeys } from "@/api/auth";
import { ApiError } from "@/api/errors";
import { syncDirtyDrafts } from "@/api/note-sync";
import { tokens } from "@/api/tokens";
import { clearAllDrafts } from "@/lib/notes/drafts";
import { AuthContext, type AuthState } from "./auth-context";

const LOGOUT_NAVIGATION_DELAY_MS = 100;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The server refusing the credentials ends the session; an unreachable, failing or busy server
 * (0, 5xx, 429) and an answer cut off by leaving the page do not.
 */
function isRejection(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [hasToken, setHasToken] = useState(() => tokens.access() !== null);
  // The key of the page being left while signing out; until the home page is reached the
  // guards must not send that page to /login.
  const [leavingKey, setLeavingKey] = useState<string | null>(null);

  useEffect(() => {
    if (leavingKey === null || location.key === leavingKey) return;
    setLeavingKey(null);
    // The signed-out user's data must not outlive the session; what the home page shows stays.
    queryClient.removeQueries({ predicate: (query) => query.getObserversCount() === 0 });
  }, [leavingKey, location.key, queryClient]);

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

  const signedInId = profile.data?._id;
  const logout = useCallback(async () => {
    // Notes typed on this device are saved while the session still lasts; then every user's note
    // copies leave the browser, so nothing of them is left for the next person on it.
    if (signedInId) await syncDirtyDrafts(signedInId, { includeOpen: true }).catch(() => undefined);
    await authApi.logout(tokens.refresh()).catch(() => undefined);
    tokens.clear();
    clearAllDrafts();
    setLeavingKey(location.key);
    setHasToken(false);
    queryClient.removeQueries({ queryKey: authKeys.profile });
    await wait(LOGOUT_NAVIGATION_DELAY_MS);
    navigate("/");
  }, [signedInId, location.key, navigate, queryClient]);

  const value = useMemo<AuthState>(
    () => ({
      user: hasToken ? (profile.data ?? null) : null,
      isAuthenticated: hasToken,
      signingOut: leavingKey !== null,
      loading: hasToken && profile.isPending,
      login: async (input) => {
        const result = await authApi.login(input);
        return "challenge" in result ? result : establish(result);
      },
      completeTwoFactor: async (challenge, code) => establish(await authApi.loginWithCode(challenge, code)),
      register: async (input) => establish(await authApi.register(input)),
      startSession: establish,
      logout,
      reloadProfile: () => void profile.refetch(),
      forgetSession: () => {
        tokens.clear();
        setHasToken(false);
        queryClient.removeQueries({ queryKey: authKeys.profile });
      },
    }),
    [hasToken, leavingKey, profile.data, profile.isPending, profile.refetch, establish, logout, queryClient],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
