import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { queryClient } from "./api/query-client";
import { AppRoutes } from "./router";
import { ThemeProvider } from "./theme/ThemeProvider";
import "./index.css";

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");

// A data router (for useBlocker) around the app's own route tree, which stays in router.tsx.
const router = createBrowserRouter([{ path: "*", element: <AppRoutes /> }]);

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <RouterProvider router={router} />
      </ThemeProvider>
    </QueryClientProvider>
  </StrictMode>,
);
