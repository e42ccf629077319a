// Prerenders the public pages (/, /login, /courses) into dist/prerendered/*.html after `vite build`: the
// built index.html with the page's first screen inside #root, so it paints before the JavaScript has loaded
// (ARCHITECTURE §9). The api sends these files for those paths; React then renders over them. A page whose
// largest paint waits for the api also names what its first screen loads next (its screen's chunks, the
// English catalogues, the api answers it asks for), so the browser fetches them alongside the entry instead
// of one after another.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";

const web = path.resolve(import.meta.dirname, "..");
const dist = path.join(web, "dist");
const ssrOut = path.join(web, "node_modules/.prerender");
/**
 * Each page's file and, where its largest paint waits for the api (the catalogue's course pictures), the lazy
 * screen its route shows a visitor (src/router.tsx). Elsewhere the prerendered text is the largest paint, and
 * preloads would only compete with the page's own stylesheet and entry.
 */
const PAGES = {
  "/": { file: "home.html" },
  "/login": { file: "login.html" },
  "/courses": { file: "courses.html", screen: "src/features/courses/VisitorCoursesPage.tsx" },
};

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
const ENTRY_SCRIPT = '<script type="module" crossorigin src=';
const built = readFileSync(path.join(dist, "index.html"), "utf8");
if (!built.includes('<div id="root"></div>')) throw new Error("dist/index.html has no empty #root to fill");
if (!built.includes(ENTRY_SCRIPT)) throw new Error("dist/index.html has no entry script");
// A prerendered page paints without the JavaScript: its scripts (the entry and the stages it preloads, see
// vite.config.ts) must not compete with the stylesheet.
const shell = built
  .replace(ENTRY_SCRIPT, '<script type="module" crossorigin fetchpriority="low" src=')
  .replaceAll(
    '<link rel="modulepreload" crossorigin href=',
    '<link rel="modulepreload" crossorigin fetchpriority="low" href=',
  );
const manifestFile = path.join(dist, ".vite/manifest.json");
const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));

/** A module's chunk and the chunks it imports statically, as built paths. */
function chunksOf(source, found = new Set()) {
  const chunk = manifest[source];
  if (!chunk) throw new Error(`the build has no chunk for ${source}`);
  if (found.has(`/${chunk.file}`)) return found;
  found.add(`/${chunk.file}`);
  for (const imported of chunk.imports ?? []) chunksOf(imported, found);
  return found;
}
// The entry's chunks: those it imports, and those index.html preloads for it.
const entryChunks = chunksOf("index.html");
for (const [, href] of built.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)) entryChunks.add(href);
// The English catalogues' chunk (vite.config.ts names one per language).
const englishCatalogues = Object.keys(manifest).find((source) => manifest[source].name === "messages-en");
if (!englishCatalogues) throw new Error("the build has no messages-en chunk");

/** What the page's first screen loads after the entry, for the browser to fetch at once. */
function preloads(screen, apiRequests) {
  if (!screen) return "";
  const chunks = [...chunksOf(screen), ...chunksOf(englishCatalogues)].filter((chunk) => !entryChunks.has(chunk));
  return [
    ...chunks.map((chunk) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${chunk}">`),
    ...apiRequests.map((url) => `<link rel="preload" as="fetch" crossorigin href="${url.replaceAll("&", "&amp;")}">`),
  ].join("\n    ");
}

const DESCRIPTION = /<meta name="description" content="([^"]*)" \/>/;
const siteDescription = shell.match(DESCRIPTION)?.[1];
if (siteDescription === undefined) throw new Error("dist/index.html has no meta description to replace");
const attribute = (text) =>
  text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/**
 * The shell with the page inside #root (marked for src/boot/start.tsx), its preloads, and its own <title> and meta
 * description in the head.
 */
function pageHtml({ html, apiRequests, description }, screen) {
  const title = html.match(/<title>.*?<\/title>/s)?.[0];
  const body = title ? html.replace(title, "") : html;
  const links = preloads(screen, apiRequests);
  const titled = title ? shell.replace(/<title>.*?<\/title>/s, title) : shell;
  const described =
    description === undefined
      ? titled
      : titled.replace(
          DESCRIPTION,
          // The site's own stays on the tag for the pages that have none (components/PageMeta.tsx).
          `<meta name="description" content="${attribute(description)}" data-site-description="${siteDescription}" />`,
        );
  const head = links ? described.replace("</head>", `  ${links}\n  </head>`) : described;
  return head.replace('<div id="root"></div>', `<div id="root" data-prerendered>${body}</div>`);
}

mkdirSync(path.join(dist, "prerendered"), { recursive: true });
for (const [url, { file, screen }] of Object.entries(PAGES)) {
  const rendered = await renderPage(url);
  writeFileSync(path.join(dist, "prerendered", file), pageHtml(rendered, screen));
  console.log(`prerendered ${url} -> dist/prerendered/${file} (${(rendered.html.length / 1024).toFixed(1)} KB)`);
}
rmSync(ssrOut, { recursive: true, force: true });
// Only this step reads the manifest; the server has no use for it.
rmSync(path.dirname(manifestFile), { recursive: true, force: true });
