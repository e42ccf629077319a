import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { queryClient } from "../api/query-client";
import { tokens } from "../api/tokens";
import { startI18n } from "../i18n/i18n";
import { descriptionTag, siteDescription } from "../lib/meta-description";
import { installPopStateGuard } from "../lib/popstate-guard";
import { readLocalPreferences } from "../lib/preferences-store";
import { AppRoutes } from "../router";
import { ThemeProvider } from "../theme/ThemeProvider";

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");

installPopStateGuard();

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </ThemeProvider>
    </QueryClientProvider>
  </StrictMode>
);

// A public page's HTML is prerendered in English as a visitor sees it (scripts/prerender.mjs): React takes
// it over in place for an English-speaking visitor; a signed-in user (who is not shown it, see
// theme-init.js) or another language gets its own screen anew. The first screen waits for its language's
// catalogues (when they cannot load, it still renders). As a transition, the first render yields to the
// browser every few ms instead of blocking it in one task.
const prerendered = root.hasAttribute("data-prerendered");
const language = readLocalPreferences().language;
startI18n(language)
  .catch(() => undefined)
  .then(() =>
    startTransition(() => {
      if (prerendered && language === "en" && tokens.access() === null) hydrateRoot(root, app);
      else {
        root.replaceChildren();
        // The visitor's page's own description leaves with it; the new screen sets its own, if any.
        const description = descriptionTag();
        description.content = siteDescription(description);
        createRoot(root).render(app);
      }
      root.removeAttribute("data-prerendered");
    }),
  );
