/// <reference types="vitest/config" />
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/**
 * src/main.tsx evaluates the first-load script in stages, each a dynamic import: index.html preloads them and
 * the chunks they import, so they are fetched together with the entry instead of one after another.
 */
function preloadBootStages(): Plugin {
  return {
    name: "preload-boot-stages",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, { bundle, chunk }) {
        if (!bundle || !chunk) return;
        const files = new Set<string>();
        const add = (file: string) => {
          const imported = bundle[file];
          if (files.has(file) || file === chunk.fileName || imported?.type !== "chunk") return;
          files.add(file);
          for (const next of imported.imports) add(next);
        };
        for (const file of chunk.dynamicImports) add(file);
        return [...files].map((file) => ({
          tag: "link",
          attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}` },
          injectTo: "head" as const,
        }));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadBootStages()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    proxy: { "/api": "http://localhost:3000" },
  },
  build: {
    outDir: "dist",
    // Names each screen's chunks for scripts/prerender.mjs (which preloads them on a prerendered page).
    manifest: true,
    // Vite's helper preloads a lazy chunk's imports by adding a <link> per import while React renders, which
    // took ~60 ms of the main thread on the first load; the browser fetches them from the chunk itself.
    modulePreload: false,
    rollupOptions: {
      output: {
        // A language's catalogues load together before the first render (src/i18n/i18n.ts): one chunk
        // per language instead of one request per namespace.
        manualChunks(id) {
          const language = /\/src\/locales\/([^/]+)\/[^/]+\.json$/.exec(id)?.[1];
          return language ? `messages-${language}` : undefined;
        },
      },
      treeshake: {
        // The contract builds zod schemas at module top level; without this, importing one constant
        // (MESSAGES, STORAGE_KEYS) would pull every schema and zod itself into the first-load bundle.
        moduleSideEffects: (id) => !id.includes("/packages/contract/"),
      },
    },
  },
  test: {
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/i18n/test-setup.ts"],
  },
});
