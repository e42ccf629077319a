/**
 * Types a browser shows without running anything: video, audio, raster images and PDF. SVG is an
 * image that can carry script, so it is not among them.
 */
export function showsInline(mime: string): boolean {
  if (mime === "image/svg+xml") return false;
  return /^(video|audio|image)\//.test(mime) || mime === "application/pdf";
}
