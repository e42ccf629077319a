const compact = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });

export const formatCount = (value: number): string => compact.format(value);

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : pluralForm}`;
}

/** Course durations are stored in minutes and shown in hours. */
export function formatHours(minutes: number): string {
  const hours = Math.round((minutes / 60) * 10) / 10;
  return `${hours} ${hours === 1 ? "hour" : "hours"}`;
}

export const formatPrice = (credits: number): string => (credits === 0 ? "Free" : plural(credits, "credit"));

export function formatRating(stats: { averageRating: number; totalRatings: number }): string {
  return stats.totalRatings === 0 ? "No rating" : stats.averageRating.toFixed(1);
}

/** File sizes in KB or MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
