import { lazy, Suspense, useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { onFirstToast } from "@/lib/toast";
import { useTheme } from "@/theme/theme-context";

const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

/**
 * sonner's Toaster, mounted with the first toast (lib/toast.ts loads sonner then). It lives directly in
 * <body>, beside the app: an open modal dialog hides the app from assistive technology (aria-hidden), and
 * a toast raised inside it would then be neither announced nor reachable.
 */
export function LazyToaster() {
  const { resolvedTheme } = useTheme();
  const [wanted, setWanted] = useState(false);
  useEffect(() => onFirstToast(() => setWanted(true)), []);
  if (!wanted) return null;
  return createPortal(
    <Suspense fallback={null}>
      <Toaster theme={resolvedTheme} richColors closeButton position="bottom-right" />
    </Suspense>,
    document.body,
  );
}
