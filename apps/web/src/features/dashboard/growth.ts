/** A month-over-month percent as the stat cards show it: "+12.5%", "-50%", "0%". */
export function formatGrowth(percent: number): string {
  return `${percent > 0 ? "+" : ""}${percent}%`;
}
