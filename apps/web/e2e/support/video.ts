import type { Page } from "@playwright/test";

/**
 * A real, short WebM video recorded in the browser from an animated canvas, so the test needs no
 * video file or encoder of its own.
 */
export async function recordWebm(page: Page, milliseconds = 1200): Promise<Buffer> {
  const base64 = await page.evaluate(async (duration) => {
    const canvas = document.createElement("canvas");
    canvas.width = 160;
    canvas.height = 90;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d canvas");
    const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: "video/webm" });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => {
      recorder.onstop = resolve;
    });
    let frame = 0;
    const paint = () => {
      context.fillStyle = `hsl(${(frame++ * 40) % 360} 70% 50%)`;
      context.fillRect(0, 0, canvas.width, canvas.height);
    };
    paint();
    recorder.start(200);
    const timer = setInterval(paint, 66);
    await new Promise((resolve) => setTimeout(resolve, duration));
    clearInterval(timer);
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: "video/webm" }).arrayBuffer());
    let binary = "";
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, milliseconds);
  return Buffer.from(base64, "base64");
}
