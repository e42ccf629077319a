import { type Query, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import { PageDescriptionSink } from "./components/PageMeta";
import { startI18n } from "./i18n/i18n";
import { AppRoutes } from "./router";
import { ThemeContext, type ThemeState } from "./theme/theme-context";

// Built for Node by scripts/prerender.mjs (not part of the browser bundle): renders a public page as a
// visitor sees it before any answer of the api has arrived, lazy screens included.

const english = startI18n("en");

const visitorTheme: ThemeState = { theme: "system", resolvedTheme: "light", setTheme: () => undefined };

/**
 * Nothing is fetched while prerendering: every query stays pending and shows its loading state. The default
 * is a function of its own so that the queries a visitor's browser will run (those not disabled by their
 * hook) can be told apart.
 */
const notWhilePrerendering = () => false;

/** A visitor's query as the api will be asked it: its query function run against a fetch that only records. */
async function requestedUrls(queries: Query[]): Promise<string[]> {
  const urls: string[] = [];
  const fetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    if ((init?.method ?? "GET") === "GET") urls.push(String(input));
    return new Promise<never>(() => undefined);
  };
  try {
    for (const query of queries) {
      const queryFn = query.options.queryFn;
      if (typeof queryFn === "function")
        void queryFn({ queryKey: query.queryKey, signal: new AbortController().signal } as never);
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  } finally {
    globalThis.fetch = fetch;
  }
  return urls;
}

interface Rendered {
  html: string;
  /** The api's GET requests the page's first screen makes for a visitor (worth preloading). */
  apiRequests: string[];
  /** The page's own meta description, if it sets one. */
  description?: string;
}

async function renderOnce(url: string): Promise<Rendered> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: notWhilePrerendering } } });
  let description: string | undefined;
  const { prelude } = await prerenderToNodeStream(
    <QueryClientProvider client={queryClient}>
      <ThemeContext value={visitorTheme}>
        <PageDescriptionSink
          value={(text) => {
            description = text;
          }}
        >
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </PageDescriptionSink>
      </ThemeContext>
    </QueryClientProvider>,
    // Large screens would otherwise be streamed apart too (React 19.2), whatever their loading state.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  const visitorQueries = queryClient
    .getQueryCache()
    .getAll()
    // The observer's options (enabled among them) are kept on the query, though its type leaves them out.
    .filter((query) => (query.options as { enabled?: unknown }).enabled === notWhilePrerendering);
  return {
    html: Buffer.concat(chunks).toString("utf8"),
    apiRequests: await requestedUrls(visitorQueries),
    description,
  };
}

/**
 * The page's HTML with every lazy screen in place. A screen still loading would be streamed apart with an
 * inline script to move it in, which the CSP (script-src 'self') blocks; so render until every lazy module
 * has loaded and the output stops changing.
 */
export async function renderPage(url: string): Promise<Rendered> {
  // English, the language boot/start.tsx hydrates in; other languages render anew over it.
  await english;
  let previous = "";
  for (let attempt = 0; attempt < 5; attempt++) {
    const rendered = await renderOnce(url);
    if (rendered.html === previous) {
      if (rendered.html.includes("<script")) throw new Error(`prerendering ${url} left an inline script in the page`);
      return rendered;
    }
    previous = rendered.html;
  }
  throw new Error(`prerendering ${url} did not settle`);
}
