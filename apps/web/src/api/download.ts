import { api } from "./client";
import { ApiError } from "./errors";
import { tokens } from "./tokens";

function fetchWithToken(path: string): Promise<Response> {
  const token = tokens.access();
  return fetch(`/api${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} }).catch(() => {
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

/**
 * Fetches a file that needs the bearer header and saves it. On a 401 the session is renewed once
 * through the api client (which also handles an expired session), then the file is asked for again.
 */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  let response = await fetchWithToken(path);
  if (response.status === 401) {
    await api.get("/auth/profile");
    response = await fetchWithToken(path);
  }
  if (!response.ok) {
    const body: { message?: string } | null = await response.json().catch(() => null);
    throw new ApiError(response.status, body?.message);
  }
  saveFile(await response.blob(), fileName);
}
