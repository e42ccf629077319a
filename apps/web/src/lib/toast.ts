import type { toast as sonnerToast } from "sonner";

type Args = Parameters<typeof sonnerToast>;
type Kind = "success" | "error" | "info";

let loading: Promise<typeof import("sonner")> | null = null;
let loaded = false;
const waiting = new Set<() => void>();

/**
 * sonner, loaded with the first toast: loading it inserts its stylesheet, which restyles the whole page, and
 * no first screen shows a toast (docs/performance.md, first load).
 */
function sonner(): Promise<typeof import("sonner")> {
  if (!loading) {
    // A chunk that failed to load (offline: just when an error is toasted) is fetched again next time.
    loading = import("sonner").then(
      (module) => {
        loaded = true;
        for (const listener of waiting) listener();
        waiting.clear();
        return module;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
  }
  return loading;
}

/**
 * Calls `listener` once sonner has loaded for a first toast (app/LazyToaster.tsx mounts the Toaster then,
 * so a chunk that failed to load never reaches React).
 */
export function onFirstToast(listener: () => void): () => void {
  if (loaded) listener();
  else waiting.add(listener);
  return () => {
    waiting.delete(listener);
  };
}

const show =
  (kind?: Kind) =>
  (...args: Args): void => {
    sonner().then(
      ({ toast }) => (kind ? toast[kind] : toast)(...args),
      () => console.warn("a message could not be shown: the toast library did not load", args[0]),
    );
  };

/** sonner's toast, loaded on first use; the Toaster, mounted later, shows what was toasted before it. */
export const toast = Object.assign(show(), { success: show("success"), error: show("error"), info: show("info") });
