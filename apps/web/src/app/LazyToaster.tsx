import { lazy, Suspense, useEffect, useState } from "react";
import { onFirstToast } from "@/lib/toast";
import { useTheme } from "@/theme/theme-context";

const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

/** sonner's Toaster, mounted with the first toast (lib/toast.ts loads sonner then). */
export function LazyToaster() {
  const { resolvedTheme } = useTheme();
  const [wanted, setWanted] = useState(false);
  useEffect(() => onFirstToast(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster theme={resolvedTheme} richColors closeButton position="top-right" />
    </Suspense>
  );
}
