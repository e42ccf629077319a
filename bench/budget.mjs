// Each §9 budget a benchmark checks: printed where it is measured and again in one summary at the end.
const checked = [];

function report(name, figure, budget, met) {
  const line = `${met ? "met    " : "NOT MET"}  ${name}: ${figure} (budget: ${budget})`;
  checked.push(line);
  console.log(line);
  return met;
}

/** A figure that must stay at or below `limit` (latencies, ratios, times). */
export const atMost = (name, value, limit, unit = "") =>
  report(name, `${round(value)}${unit}`, `at most ${limit}${unit}`, value <= limit);

/** A figure that must reach at least `limit` (throughput shares, scores). */
export const atLeast = (name, value, limit, unit = "") =>
  report(name, `${round(value)}${unit}`, `at least ${limit}${unit}`, value >= limit);

const round = (value) => (Number.isInteger(value) ? value : Number(value.toFixed(value < 10 ? 2 : 1)));

export function printBudgetSummary() {
  console.log("\n## Budgets (ARCHITECTURE §9)");
  for (const line of checked) console.log(line);
}
