import { cn } from "@/lib/utils";

/** Lists, code, links and paragraphs inside question text look like the rest of the interface. */
const RICH_TEXT_STYLES =
  "whitespace-pre-wrap break-words [&_a]:text-primary [&_a]:underline [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.9em] [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-1 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-3 [&_ul]:list-disc [&_ul]:pl-6";

/**
 * Question text as the server stored it: HTML sanitised on the server (sanitize-html) when the
 * question was saved, so only simple formatting, lists, code and links are left to render.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the api sanitises question text on every write.
  return <div className={cn(RICH_TEXT_STYLES, className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
