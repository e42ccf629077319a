import { useState } from "react";

const storageKey = (courseId: string) => `courseTab:${courseId}`;

function read(courseId: string): string | null {
  try {
    return localStorage.getItem(storageKey(courseId));
  } catch {
    return null;
  }
}

/** A link may name the tab to open (`?tab=credits`, as a credit request's notification does). */
const linked = () => new URLSearchParams(window.location.search).get("tab");

/** The chosen tab, remembered per course in local storage (spec §2; default overview). */
export function useRememberedTab<T extends string>(courseId: string, available: readonly T[]) {
  const [stored, setStored] = useState(() => linked() ?? read(courseId));
  const tab = available.find((t) => t === stored) ?? available[0];
  const setTab = (next: string) => {
    setStored(next);
    try {
      localStorage.setItem(storageKey(courseId), next);
    } catch {}
  };
  return [tab, setTab] as const;
}
