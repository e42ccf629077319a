import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { queryClient } from "./api/query-client";
import { startI18n } from "./i18n/i18n";
import { readLocalPreferences } from "./lib/preferences-store";
import { AppRoutes } from "./router";
import { ThemeProvider } from "./theme/ThemeProvider";
import "./index.css";

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");

// A data router (for useBlocker) around the app's own route tree, which stays in router.tsx.
const router = createBrowserRouter([{ path: "*", element: <AppRoutes /> }]);

const render = () =>
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <RouterProvider router={router} />
        </ThemeProvider>
      </QueryClientProvider>
    </StrictMode>,
  );

// The first screen waits for its language's catalogues; when they cannot load, it still renders.
startI18n(readLocalPreferences().language)
  .catch(() => undefined)
  .then(render);
