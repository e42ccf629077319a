import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";

// The worker is a bundled asset served from this origin (CSP: worker-src 'self').
GlobalWorkerOptions.workerSrc = workerUrl;

/** Opens a PDF without evaluating generated code (CSP: script-src 'self'). */
export function openPdf(url: string): Promise<PDFDocumentProxy> {
  return getDocument({ url, isEvalSupported: false }).promise;
}

export type { PDFDocumentProxy };
