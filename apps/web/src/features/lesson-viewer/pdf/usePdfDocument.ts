import { useQuery } from "@tanstack/react-query";
import { openPdf } from "./pdfjs";

/** The parsed document of a lesson file, loaded once per file (its signed url changes on every reload). */
export function usePdfDocument(fileId: string, url: string) {
  return useQuery({
    queryKey: ["pdf-document", fileId],
    queryFn: () => openPdf(url),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    retry: false,
  });
}
