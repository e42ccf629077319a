import type { ReactNode } from "react";
import { CourseCardSkeleton } from "@/components/CourseCard";
import { cn } from "@/lib/utils";

const SKELETONS = ["a", "b", "c"];

export function CourseGridSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {SKELETONS.map((key) => (
        <CourseCardSkeleton key={key} />
      ))}
    </div>
  );
}

export function CourseGrid({ children, stale, label }: { children: ReactNode; stale?: boolean; label: string }) {
  return (
    <ul
      aria-label={label}
      aria-busy={stale}
      className={cn("grid gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3", stale && "opacity-60")}
    >
      {children}
    </ul>
  );
}
