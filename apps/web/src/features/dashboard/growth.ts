import { formatPercent } from "@/lib/format";
/** A month-over-month percent as the stat cards show it: "+12.5%", "-50%", "0%". */
export function formatGrowth(percent: number): string {
  return formatPercent(percent, { signed: true });
}
