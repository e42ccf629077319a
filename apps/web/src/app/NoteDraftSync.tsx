import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { syncDirtyDrafts } from "@/api/note-sync";
import { noteKeys } from "@/api/notes";
import { useAuth } from "@/auth/auth-context";

/**
 * Saves the signed-in user's notes typed while offline: when the app loads (or they sign in) and
 * whenever the connection returns. Renders nothing.
 */
export function NoteDraftSync() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?._id;

  useEffect(() => {
    if (!userId) return;
    const flush = () =>
      void syncDirtyDrafts(userId).then((saved) => {
        if (saved > 0) void queryClient.invalidateQueries({ queryKey: noteKeys.all });
      });
    flush();
    window.addEventListener("online", flush);
    return () => window.removeEventListener("online", flush);
  }, [userId, queryClient]);

  return null;
}
