import i18next from "i18next";
import { currentLanguage } from "@/i18n/i18n";

const compactFormatters = new Map<string, Intl.NumberFormat>();

/** "1.2K", "3.4M": a count in the interface's language. */
export function formatCount(value: number): string {
  const locale = currentLanguage();
  let formatter = compactFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 1 });
    compactFormatters.set(locale, formatter);
  }
  return formatter.format(value);
}

const percentFormatters = new Map<string, Intl.NumberFormat>();

/**
 * A percentage given as 0–100 ("88.89"), in the interface's language: "88.9%", "88,9 %" (French), with at
 * most one decimal; `signed` marks rises with a plus sign ("+12.5%"). Every percentage shown goes through it.
 */
export function formatPercent(value: number, { signed = false } = {}): string {
  const locale = currentLanguage();
  const key = `${locale}|${signed}`;
  let formatter = percentFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: "percent",
      maximumFractionDigits: 1,
      signDisplay: signed ? "exceptZero" : "auto",
    });
    percentFormatters.set(key, formatter);
  }
  return formatter.format(value / 100);
}

/** Course durations are stored in minutes and shown in hours. */
export function formatHours(minutes: number): string {
  return i18next.t("format.hours", { count: Math.round((minutes / 60) * 10) / 10 });
}

export const formatPrice = (credits: number): string =>
  credits === 0
    ? i18next.t("format.free")
    : i18next.t("format.credits", { count: credits, formatted: formatCount(credits) });

export function formatRating(stats: { averageRating: number; totalRatings: number }): string {
  return stats.totalRatings === 0 ? i18next.t("format.noRating") : stats.averageRating.toFixed(1);
}

/** File sizes in KB or MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
