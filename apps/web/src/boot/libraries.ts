// The second stage of the first load (see main.tsx): the libraries every screen runs on.
export { QueryClientProvider } from "@tanstack/react-query";
export { default as i18next } from "i18next";
export { initReactI18next } from "react-i18next";
export { BrowserRouter } from "react-router";
export { twMerge } from "tailwind-merge";
