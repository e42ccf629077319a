import type { ErrorItem } from "@lms/contract";
import { ApiError } from "./errors";
import { redirectToLogin } from "./redirect";
import { type TokenPair, tokens } from "./tokens";

const BASE = "/api";
const LOGIN_PATH = "/auth/login";
const REFRESH_PATH = "/auth/refresh-token";
const REFRESH_LOCK = "lms-token-refresh";

export interface ApiSuccess<T> {
  success: true;
  data: T;
  message?: string;
}

interface FailureBody {
  success?: boolean;
  message?: string;
  code?: string;
  errors?: ErrorItem[];
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
}

async function send(path: string, { method = "GET", body, signal }: RequestOptions, token: string | null) {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers["Content-Type"] = "application/json";
  try {
    return await fetch(`${BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, undefined);
  }
}

/**
 * A success whose body cannot be read (the page is being left, the connection dropped mid-answer)
 * is a network failure (status 0), never a refusal: callers end the session only on refusals.
 */
async function parse<T>(response: Response): Promise<ApiSuccess<T>> {
  const body: (FailureBody & { data?: T }) | null = await response.json().catch(() => null);
  if (response.ok && body && body.success !== false) return body as ApiSuccess<T>;
  if (response.ok && body === null) throw new ApiError(0, undefined);
  throw new ApiError(response.status, body?.message, body?.errors, body?.data, body?.code);
}

/** Runs `task` holding a lock shared by every tab of the app, where the browser offers one. */
async function acrossTabs(task: () => Promise<boolean>): Promise<boolean> {
  const locks = globalThis.navigator?.locks;
  return locks ? await locks.request(REFRESH_LOCK, task) : task();
}

/**
 * Trades the stored refresh token for a new pair. Resolves false when the server refuses it.
 * The server rotates refresh tokens and treats reuse of a spent one as theft (revoking the
 * session), so the token must be spent at most once: inside the cross-tab lock we re-read it
 * and skip the call when another tab already rotated it.
 */
async function rotate(): Promise<boolean> {
  const seen = tokens.refresh();
  return acrossTabs(async () => {
    const current = tokens.refresh();
    if (!current) return false;
    if (current !== seen) return tokens.access() !== null;
    let response: Response;
    try {
      response = await fetch(`${BASE}${REFRESH_PATH}`, {
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/json" },
        body: JSON.stringify({ refreshToken: current }),
      });
    } catch {
      throw new ApiError(0, undefined);
    }
    const body: ApiSuccess<TokenPair> | null = await response.json().catch(() => null);
    if (!response.ok || !body?.success) return false;
    tokens.save(body.data);
    return true;
  });
}

let refreshing: Promise<boolean> | null = null;

/** All requests that hit a 401 at the same time wait for this one refresh. */
function refreshSession(): Promise<boolean> {
  refreshing ??= rotate().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Spec §8. Returns the access token to retry with, or null when the session is over. */
async function recoverFrom401(sentToken: string | null): Promise<string | null> {
  const current = tokens.access();
  if (current && current !== sentToken) return current;
  if (!tokens.refresh()) {
    tokens.clearAccess();
    redirectToLogin();
    return null;
  }
  if (await refreshSession()) return tokens.access();
  tokens.clear();
  redirectToLogin();
  return null;
}

export async function apiRequest<T = undefined>(path: string, options: RequestOptions = {}): Promise<ApiSuccess<T>> {
  const sentToken = tokens.access();
  const response = await send(path, options, sentToken);
  if (response.status !== 401 || path === LOGIN_PATH) return parse<T>(response);
  const retryToken = await recoverFrom401(sentToken);
  if (retryToken === null) return parse<T>(response);
  return parse<T>(await send(path, options, retryToken));
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T = undefined>(path: string, body?: unknown) => apiRequest<T>(path, { method: "POST", body }),
  put: <T = undefined>(path: string, body: unknown) => apiRequest<T>(path, { method: "PUT", body }),
  patch: <T = undefined>(path: string, body: unknown) => apiRequest<T>(path, { method: "PATCH", body }),
  delete: <T = undefined>(path: string) => apiRequest<T>(path, { method: "DELETE" }),
};
