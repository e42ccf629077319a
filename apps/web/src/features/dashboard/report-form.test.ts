import { describe, expect, it } from "vitest";
import { EMPTY_REPORT_FORM, fieldOf, reportResolver, toReportRequest } from "./report-form";

const resolve = (values: Partial<typeof EMPTY_REPORT_FORM>) =>
  reportResolver({ ...EMPTY_REPORT_FORM, ...values }, undefined, { fields: {}, shouldUseNativeValidation: false });

describe("the report form", () => {
  it("sends only the filled-in filters the chosen report has", () => {
    const values = { ...EMPTY_REPORT_FORM, startDate: "2026-01-01", courseId: "a".repeat(24), role: "learner" };
    expect(toReportRequest(values)).toEqual({
      reportType: "users",
      filters: { startDate: "2026-01-01", role: "learner" },
    });
    expect(toReportRequest({ ...values, reportType: "grades" })).toEqual({
      reportType: "grades",
      filters: { courseId: "a".repeat(24) },
    });
  });

  it("checks with the contract's schema and puts each error under its field", async () => {
    const result = await resolve({ startDate: "2026-02-02", endDate: "2026-02-01" });
    expect(result.errors.endDate?.message).toBe("The end date is before the start date");
    expect((await resolve({ startDate: "2026-02-01" })).errors).toEqual({});
  });

  it("maps the server's error paths onto the form's fields", () => {
    expect(fieldOf("filters.courseId")).toBe("courseId");
    expect(fieldOf("reportType")).toBe("reportType");
    expect(fieldOf("filters.other")).toBeUndefined();
  });
});
