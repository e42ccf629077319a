/**
 * index.html's description tag, the one crawlers read (React would add a second tag rather than
 * replace it); created if it is missing.
 */
export function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement("meta");
    tag.name = "description";
    document.head.append(tag);
  }
  return tag;
}

/**
 * What a page without a description of its own shows: the site's, which a prerendered page's tag keeps
 * aside in `data-site-description` (scripts/prerender.mjs) while it holds the page's own.
 */
export const siteDescription = (tag: HTMLMetaElement) => tag.dataset.siteDescription ?? tag.content;
