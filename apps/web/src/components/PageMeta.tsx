import { createContext, use, useEffect } from "react";
import { descriptionTag, siteDescription } from "@/lib/meta-description";
import { useSiteName } from "./site-name";

/** A page's document title: its own name, then the site's. */
export function usePageTitle(name: string): string {
  return `${name} · ${useSiteName()}`;
}

/** Sets the document title to the page's name followed by the site's. */
export function PageTitle({ name }: { name: string }) {
  return <title>{usePageTitle(name)}</title>;
}

/** Sets the page's description while it is shown and puts the site's back when it goes. */
function useMetaDescription(description: string | undefined) {
  useEffect(() => {
    if (description === undefined) return;
    const tag = descriptionTag();
    const previous = siteDescription(tag);
    tag.content = description;
    return () => {
      tag.content = previous;
    };
  }, [description]);
}

/**
 * Told the page's description while it renders, where effects never run: prerendering (src/prerender.tsx)
 * writes it into the page's head, so a crawler without JavaScript reads the page's own description.
 */
export const PageDescriptionSink = createContext<((description: string) => void) | null>(null);

/** The document title and meta description of a page; without a description, the site's stays. */
export function PageMeta({ title, description }: { title: string; description?: string }) {
  const sink = use(PageDescriptionSink);
  if (sink && description !== undefined) sink(description);
  useMetaDescription(description);
  return <title>{title}</title>;
}
