import {
  REPORT_FILTERS,
  REPORT_FILTERS_BY_TYPE,
  type ReportFilter,
  type ReportRequest,
  type ReportType,
  reportRequestSchema,
} from "@lms/contract";
import type { FieldErrors, Resolver } from "react-hook-form";

/** The dialog's fields; an empty string is "no filter". */
export interface ReportFormValues {
  reportType: ReportType;
  startDate: string;
  endDate: string;
  courseId: string;
  role: string;
}

export const EMPTY_REPORT_FORM: ReportFormValues = {
  reportType: "users",
  startDate: "",
  endDate: "",
  courseId: "",
  role: "",
};

export const appliesTo = (type: ReportType, filter: ReportFilter) => REPORT_FILTERS_BY_TYPE[type].includes(filter);

/** The request for the form: only the filters the chosen report has, and only those filled in. */
export function toReportRequest(values: ReportFormValues): unknown {
  const filters: Record<string, string> = {};
  for (const filter of REPORT_FILTERS) {
    if (values[filter] && appliesTo(values.reportType, filter)) filters[filter] = values[filter];
  }
  return { reportType: values.reportType, filters };
}

/** The form field a contract or server error path (`filters.endDate`, `reportType`) belongs to. */
export const fieldOf = (path: string): keyof ReportFormValues | undefined => {
  const name = path.replace(/^filters\./, "");
  return name === "reportType" || (REPORT_FILTERS as readonly string[]).includes(name)
    ? (name as keyof ReportFormValues)
    : undefined;
};

/** Checks the form with the contract's own schema, the one the server uses. */
export const reportResolver: Resolver<ReportFormValues, unknown, ReportRequest> = async (values) => {
  const parsed = reportRequestSchema.safeParse(toReportRequest(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<ReportFormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path.join("."));
    if (field && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};
