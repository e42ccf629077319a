/** The readable text of question HTML (for labels and short lists); parsing with DOMParser runs no script. */
export function plainText(html: string): string {
  const text = new DOMParser().parseFromString(html, "text/html").body.textContent ?? "";
  return text.replace(/\s+/g, " ").trim();
}
