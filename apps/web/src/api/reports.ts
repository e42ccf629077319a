import type { ReportRequest } from "@lms/contract";
import { useMutation } from "@tanstack/react-query";
import { downloadFile } from "./download";

/** Asks the server for a report and saves the CSV under the dated name it gives. */
export const useDownloadReport = () =>
  useMutation({ mutationFn: (request: ReportRequest) => downloadFile("/admin/reports", null, request) });
