// The first stage of the first load (see main.tsx): React and its renderer for the browser.
export { StrictMode } from "react";
export { createRoot, hydrateRoot } from "react-dom/client";
