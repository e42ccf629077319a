import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import { startI18n } from "./i18n/i18n";
import { AppRoutes } from "./router";
import { ThemeContext, type ThemeState } from "./theme/theme-context";

// Built for Node by scripts/prerender.mjs (not part of the browser bundle): renders a public page as a
// visitor sees it before any answer of the api has arrived, lazy screens included.

const english = startI18n("en");

const visitorTheme: ThemeState = { theme: "system", resolvedTheme: "light", setTheme: () => undefined };

async function renderOnce(url: string): Promise<string> {
  // Nothing is fetched while prerendering: every query stays pending and shows its loading state.
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  const { prelude } = await prerenderToNodeStream(
    <QueryClientProvider client={queryClient}>
      <ThemeContext value={visitorTheme}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </ThemeContext>
    </QueryClientProvider>,
    // Large screens would otherwise be streamed apart too (React 19.2), whatever their loading state.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The page's HTML with every lazy screen in place. A screen still loading would be streamed apart with an
 * inline script to move it in, which the CSP (script-src 'self') blocks; so render until every lazy module
 * has loaded and the output stops changing.
 */
export async function renderPage(url: string): Promise<string> {
  // English, the language main.tsx hydrates in; other languages render anew over it.
  await english;
  let previous = "";
  for (let attempt = 0; attempt < 5; attempt++) {
    const html = await renderOnce(url);
    if (html === previous) {
      if (html.includes("<script")) throw new Error(`prerendering ${url} left an inline script in the page`);
      return html;
    }
    previous = html;
  }
  throw new Error(`prerendering ${url} did not settle`);
}
