// `npm test` step: the JavaScript every page loads before anything else (the entry chunk and the chunks it
// imports statically, as named in the built index.html), gzipped, against ARCHITECTURE §9's budget.
// Usage: node apps/web/scripts/first-load-budget.mjs [dist folder]
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export const FIRST_LOAD_BUDGET_KB = 150;
/**
 * Each first-load script is evaluated in one task (src/main.tsx evaluates them one after another): one as
 * large as the whole first load was the longest task of every public page (Lighthouse's total blocking time).
 */
export const LARGEST_SCRIPT_KB = 70;

/** The entry's scripts named by index.html, with their gzipped sizes in KB. */
export function firstLoadScripts(dist) {
  const html = readFileSync(path.join(dist, "index.html"), "utf8");
  const sources = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((match) => match[1]);
  if (sources.length === 0) throw new Error(`${dist}/index.html names no module script`);
  return sources.map((src) => ({
    src,
    kb: gzipSync(readFileSync(path.join(dist, src)), { level: 9 }).length / 1024,
  }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, "../dist"));
  if (!existsSync(path.join(dist, "index.html"))) {
    console.error(`no build in ${dist}: run \`npm run build\` first`);
    process.exit(1);
  }
  const scripts = firstLoadScripts(dist);
  const total = scripts.reduce((sum, script) => sum + script.kb, 0);
  for (const script of scripts) console.log(`${script.kb.toFixed(1).padStart(7)} KB  ${script.src}`);
  console.log(`${total.toFixed(1).padStart(7)} KB  first load, gzipped (budget ${FIRST_LOAD_BUDGET_KB} KB)`);
  if (total > FIRST_LOAD_BUDGET_KB) {
    console.error(`the first load is ${(total - FIRST_LOAD_BUDGET_KB).toFixed(1)} KB over its budget`);
    process.exit(1);
  }
  const largest = scripts.reduce((a, b) => (b.kb > a.kb ? b : a));
  if (largest.kb > LARGEST_SCRIPT_KB) {
    console.error(
      `${largest.src} is ${largest.kb.toFixed(1)} KB gzipped, over the ${LARGEST_SCRIPT_KB} KB a first-load script may ` +
        "be: its evaluation is one long task (split it into a stage of src/main.tsx)",
    );
    process.exit(1);
  }
}
