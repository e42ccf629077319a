import { Hammer } from "lucide-react";
import { PageTitle } from "@/components/PageMeta";

/** Stands in for a screen that a later piece of work delivers. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6">
      <PageTitle name={title} />
      <h1 className="font-bold text-3xl tracking-tight">{title}</h1>
      <p className="mt-6 flex items-center gap-2 text-muted-foreground">
        <Hammer aria-hidden="true" className="size-4" />
        This page is being built.
      </p>
    </div>
  );
}
