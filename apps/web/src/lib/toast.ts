import type { toast as sonnerToast } from "sonner";

type Args = Parameters<typeof sonnerToast>;
type Kind = "success" | "error" | "info";

let loading: Promise<typeof import("sonner")> | null = null;
const waiting = new Set<() => void>();

/**
 * sonner, loaded with the first toast: loading it inserts its stylesheet, which restyles the whole page, and
 * no first screen shows a toast (README, First load).
 */
function sonner(): Promise<typeof import("sonner")> {
  if (!loading) {
    loading = import("sonner");
    for (const listener of waiting) listener();
    waiting.clear();
  }
  return loading;
}

/** Calls `listener` once a toast has been asked for (app/LazyToaster.tsx mounts the Toaster then). */
export function onFirstToast(listener: () => void): () => void {
  if (loading) listener();
  else waiting.add(listener);
  return () => {
    waiting.delete(listener);
  };
}

const show =
  (kind?: Kind) =>
  (...args: Args): void => {
    void sonner().then(({ toast }) => (kind ? toast[kind] : toast)(...args));
  };

/** sonner's toast, loaded on first use; the Toaster, mounted later, shows what was toasted before it. */
export const toast = Object.assign(show(), { success: show("success"), error: show("error"), info: show("info") });
