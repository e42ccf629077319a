import { existsSync } from "node:fs";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import type { CertificateRow } from "./repo.js";

/**
 * Fonts tried in order: Noto Sans (Debian's fonts-noto-core) and DejaVu Sans embed the names of
 * Latin, Greek and Cyrillic scripts; without either, pdfkit's built-in Helvetica covers Western
 * European letters only. Devanagari and Chinese need a font with those scripts (not shaped by pdfkit).
 */
const FONT_FILES = [
  ["/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf", "/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf"],
  ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"],
] as const;
const fonts = FONT_FILES.find((pair) => pair.every((file) => existsSync(file))) ?? ["Helvetica", "Helvetica-Bold"];

export interface CertificatePdfInput {
  certificate: CertificateRow;
  siteName: string;
  verificationUrl: string;
  /** The zone the completion date is given in (the learner's preference, else UTC); printed with it. */
  timeZone: string;
}

const formatDate = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone }).format(new Date(iso));

/** The certificate as an A4 landscape PDF, with a QR code of its verification page. */
export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Buffer> {
  const { certificate, siteName, verificationUrl, timeZone } = input;
  const qr = await QRCode.toBuffer(verificationUrl, { type: "png", margin: 1, width: 240 });
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: 56,
    info: { Title: `Certificate: ${certificate.course_title}`, Author: siteName, Subject: certificate.id },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const [regular, bold] = fonts;
  const width = doc.page.width - 112;
  doc
    .rect(28, 28, doc.page.width - 56, doc.page.height - 56)
    .lineWidth(2)
    .stroke("#1e3a8a");
  doc.font(bold).fontSize(16).fillColor("#1e3a8a").text(siteName, 56, 64, { width, align: "center" });
  doc.moveDown(1.2).font(bold).fontSize(32).fillColor("#111827").text("Certificate of Completion", { align: "center" });
  doc.moveDown(0.8).font(regular).fontSize(14).fillColor("#374151").text("This certifies that", { align: "center" });
  doc.moveDown(0.4).font(bold).fontSize(28).fillColor("#111827").text(certificate.learner_name, { align: "center" });
  doc
    .moveDown(0.4)
    .font(regular)
    .fontSize(14)
    .fillColor("#374151")
    .text("has completed the course", { align: "center" });
  doc.moveDown(0.4).font(bold).fontSize(22).fillColor("#111827").text(certificate.course_title, { align: "center" });
  if (certificate.instructor_name) {
    doc.moveDown(0.4).font(regular).fontSize(13).fillColor("#374151");
    doc.text(`Instructor: ${certificate.instructor_name}`, { align: "center" });
  }
  doc.moveDown(0.4).font(regular).fontSize(13).fillColor("#374151");
  doc.text(`Completed on ${formatDate(certificate.issued_at, timeZone)} (${timeZone})`, { align: "center" });

  const qrSize = 96;
  const bottom = doc.page.height - 56 - qrSize;
  doc.image(qr, doc.page.width - 56 - qrSize, bottom, { width: qrSize, height: qrSize });
  doc.font(regular).fontSize(10).fillColor("#374151");
  doc.text(`Certificate ID: ${certificate.id}`, 56, bottom + 40, { width: width - qrSize - 16 });
  doc.text(`Verify at: ${verificationUrl}`, { width: width - qrSize - 16, link: verificationUrl });
  doc.end();
  return finished;
}
