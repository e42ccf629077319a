// Prerenders the public pages (/, /login, /courses) into dist/prerendered/*.html after `vite build`: the
// built index.html with the page's first screen inside #root, so it paints before the JavaScript has loaded
// (ARCHITECTURE §9). The api sends these files for those paths; React then renders over them.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";

const web = path.resolve(import.meta.dirname, "..");
const dist = path.join(web, "dist");
const ssrOut = path.join(web, "node_modules/.prerender");
export const PAGES = { "/": "home.html", "/login": "login.html", "/courses": "courses.html" };

mkdirSync(ssrOut, { recursive: true });
await build({
  root: web,
  logLevel: "warn",
  build: { ssr: "src/prerender.tsx", outDir: ssrOut, emptyOutDir: true, rollupOptions: { output: { format: "esm" } } },
});

// What the screens touch while rendering, as a first-time visitor's browser has it.
const storage = new Map();
globalThis.localStorage = {
  getItem: (key) => storage.get(key) ?? null,
  setItem: (key, value) => storage.set(key, String(value)),
  removeItem: (key) => storage.delete(key),
  clear: () => storage.clear(),
  key: () => null,
  length: 0,
};

const { renderPage } = await import(pathToFileURL(path.join(ssrOut, "prerender.js")).href);
const shell = readFileSync(path.join(dist, "index.html"), "utf8");
if (!shell.includes('<div id="root"></div>')) throw new Error("dist/index.html has no empty #root to fill");
mkdirSync(path.join(dist, "prerendered"), { recursive: true });
/** The shell with the page inside #root (marked for main.tsx) and the page's own <title> in the head. */
function pageHtml(html) {
  const title = html.match(/<title>.*?<\/title>/s)?.[0];
  const body = title ? html.replace(title, "") : html;
  const head = title ? shell.replace(/<title>.*?<\/title>/s, title) : shell;
  return head.replace('<div id="root"></div>', `<div id="root" data-prerendered>${body}</div>`);
}

for (const [url, file] of Object.entries(PAGES)) {
  const html = await renderPage(url);
  writeFileSync(path.join(dist, "prerendered", file), pageHtml(html));
  console.log(`prerendered ${url} -> dist/prerendered/${file} (${(html.length / 1024).toFixed(1)} KB)`);
}
rmSync(ssrOut, { recursive: true, force: true });
