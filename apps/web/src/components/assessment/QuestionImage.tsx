import type { QuestionImage as Image } from "@lms/contract";

/** A question's image, scaled to the column; its alt text is the question author's description. */
export function QuestionImage({ image }: { image: Image | null | undefined }) {
  if (!image) return null;
  return (
    <img
      src={image.url}
      alt={image.alt}
      loading="lazy"
      className="max-h-80 w-auto max-w-full rounded-md border bg-muted object-contain"
    />
  );
}
