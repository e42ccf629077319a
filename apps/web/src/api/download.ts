import { api } from "./client";
import { ApiError } from "./errors";
import { tokens } from "./tokens";

/** A request for a file: a GET, or a POST of `body` as JSON. */
function fetchWithToken(path: string, body?: unknown): Promise<Response> {
  const token = tokens.access();
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const init: RequestInit =
    body === undefined
      ? { headers }
      : { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(body) };
  return fetch(`/api${path}`, init).catch(() => {
    throw new ApiError(0, undefined);
  });
}

/** Hands a file made in the browser (or fetched) to the user as a download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The file name the server gave in Content-Disposition. */
const attachmentName = (response: Response) =>
  /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "download";

/**
 * Fetches a file that needs the bearer header and saves it as `fileName` (null: the name the server
 * gives), with a POST of `body` when given. On a 401 the
 * session is renewed once through the api client (which also handles an expired session), then the
 * file is asked for again. A failure is an ApiError with the server's message and field errors.
 */
export async function downloadFile(path: string, fileName: string | null, body?: unknown): Promise<void> {
  let response = await fetchWithToken(path, body);
  if (response.status === 401) {
    await api.get("/auth/profile");
    response = await fetchWithToken(path, body);
  }
  if (!response.ok) {
    const failure: { message?: string; code?: string; errors?: ApiError["errors"] } | null = await response
      .json()
      .catch(() => null);
    throw new ApiError(response.status, failure?.message, failure?.errors, undefined, failure?.code);
  }
  saveFile(await response.blob(), fileName ?? attachmentName(response));
}
