/// <reference types="vitest/config" />
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    proxy: { "/api": "http://localhost:3000" },
  },
  build: {
    outDir: "dist",
    rollupOptions: {
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
