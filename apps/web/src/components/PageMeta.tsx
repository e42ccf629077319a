import { useEffect } from "react";
import { SITE_NAME } from "@/components/Brand";

/** A page's document title: its own name, then the site's. */
export const pageTitle = (name: string): string => `${name} · ${SITE_NAME}`;

/**
 * Sets the content of index.html's description tag while the page is shown and puts the
 * previous one back when it goes. React would add a second tag instead of replacing that one,
 * and the first is the one crawlers read.
 */
function useMetaDescription(description: string | undefined) {
  useEffect(() => {
    if (description === undefined) return;
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement("meta");
      tag.name = "description";
      document.head.append(tag);
    }
    const previous = tag.content;
    tag.content = description;
    return () => {
      tag.content = previous;
    };
  }, [description]);
}

/** The document title and meta description of a page; without a description, the site's stays. */
export function PageMeta({ title, description }: { title: string; description?: string }) {
  useMetaDescription(description);
  return <title>{title}</title>;
}
