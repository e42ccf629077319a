/** The signed URL with the first character of its signature changed (always to a different one). */
export function forgeSignature(url: string): string {
  return url.replace(/sig=(.)/, (_, first: string) => `sig=${first === "A" ? "B" : "A"}`);
}
