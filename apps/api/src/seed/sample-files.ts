import { readFileSync } from "node:fs";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";

/** Small demo files made in code, plus one short sample video shipped under seed/assets. */

const ASSETS = path.resolve(import.meta.dirname, "../../src/seed/assets");

/** An 8-second 320x180 test pattern with a tone (H.264/AAC, about 90 KB). */
export const sampleVideo = (): Buffer => readFileSync(path.join(ASSETS, "sample-lesson.mp4"));

const pdfText = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, "?");

/** A valid one-page-per-entry PDF with a title and a few lines of text on each page. */
export function samplePdf(title: string, pages: string[][]): Buffer {
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 4 + i * 2);
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`;
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";
  pages.forEach((lines, i) => {
    const text = [
      `BT /F1 22 Tf 56 770 Td (${pdfText(title)}) Tj ET`,
      `BT /F1 11 Tf 56 740 Td (Page ${i + 1} of ${pages.length}) Tj ET`,
      ...lines.map((line, n) => `BT /F1 13 Tf 56 ${700 - n * 22} Td (${pdfText(line)}) Tj ET`),
    ].join("\n");
    objects[pageIds[i]] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[i] + 1} 0 R >>`;
    objects[pageIds[i] + 1] = `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`;
  });
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(body);
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
}

/** A 480x270 PNG: a diagonal gradient between two colours with light grid lines. */
export function samplePng(from: [number, number, number], to: [number, number, number]): Buffer {
  const width = 480;
  const height = 270;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      const grid = x % 60 === 0 || y % 45 === 0 ? 40 : 0;
      for (let c = 0; c < 3; c++) {
        raw[row + 1 + x * 3 + c] = Math.min(255, Math.round(from[c] + (to[c] - from[c]) * t) + grid);
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from("89504e470d0a1a0a", "hex"),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(raw)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}
