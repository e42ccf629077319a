import { beforeEach, describe, expect, it, vi } from "vitest";
import { apiRequest } from "./client";
import { ApiError } from "./errors";
import { redirectToLogin } from "./redirect";

vi.mock("./redirect", () => ({ redirectToLogin: vi.fn() }));

class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const unauthorized = () => json(401, { success: false, message: "Invalid or expired token" });

interface Call {
  path: string;
  auth: string | null;
  body: unknown;
}

/** A fake api: `/api/me` accepts only the current access token; `/api/auth/refresh-token` rotates. */
function fakeServer({ refreshWorks = true, validToken = "new-access" } = {}) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    const path = url.replace(/^\/api/, "");
    calls.push({ path, auth: headers.Authorization ?? null, body });
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (path === "/auth/refresh-token") {
      if (!refreshWorks || body.refreshToken !== "old-refresh") return unauthorized();
      return json(200, { success: true, data: { token: "new-access", refreshToken: "new-refresh" } });
    }
    if (path === "/auth/login")
      return json(401, {
        success: false,
        message: "Invalid email or password",
        code: "MESSAGES.invalidCredentials",
      });
    if (headers.Authorization === `Bearer ${validToken}`) return json(200, { success: true, data: { path } });
    return unauthorized();
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, refreshCalls: () => calls.filter((c) => c.path === "/auth/refresh-token") };
}

beforeEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(redirectToLogin).mockClear();
  vi.stubGlobal("localStorage", new MemoryStorage());
  localStorage.setItem("token", "old-access");
  localStorage.setItem("refreshToken", "old-refresh");
});

describe("apiRequest", () => {
  it("sends the stored access token as a bearer header", async () => {
    const server = fakeServer({ validToken: "old-access" });
    const answer = await apiRequest<{ path: string }>("/me");
    expect(answer.data.path).toBe("/me");
    expect(server.calls[0].auth).toBe("Bearer old-access");
  });

  it("on a 401 refreshes once, saves both tokens and repeats the request with the new token", async () => {
    const server = fakeServer();
    const answer = await apiRequest<{ path: string }>("/me");
    expect(answer.data.path).toBe("/me");
    expect(server.refreshCalls()).toEqual([
      { path: "/auth/refresh-token", auth: null, body: { refreshToken: "old-refresh" } },
    ]);
    expect(server.calls.at(-1)?.auth).toBe("Bearer new-access");
    expect(localStorage.getItem("token")).toBe("new-access");
    expect(localStorage.getItem("refreshToken")).toBe("new-refresh");
  });

  it("lets concurrent 401s share one refresh, so a rotated refresh token is never sent twice", async () => {
    const server = fakeServer();
    const answers = await Promise.all([apiRequest("/a"), apiRequest("/b"), apiRequest("/c")]);
    expect(answers).toHaveLength(3);
    expect(server.refreshCalls()).toHaveLength(1);
  });

  it("retries without refreshing when the token was renewed while the request was under way", async () => {
    const server = fakeServer();
    vi.mocked(fetch).mockImplementationOnce(async () => {
      localStorage.setItem("token", "new-access");
      localStorage.setItem("refreshToken", "new-refresh");
      return unauthorized();
    });
    const answer = await apiRequest<{ path: string }>("/me");
    expect(answer.data.path).toBe("/me");
    expect(server.refreshCalls()).toHaveLength(0);
    expect(server.calls.at(-1)?.auth).toBe("Bearer new-access");
  });

  it("passes a 401 from login to the caller unchanged, without refreshing", async () => {
    const server = fakeServer();
    const failure = apiRequest("/auth/login", { method: "POST", body: { email: "a@b.c", password: "x" } });
    await expect(failure).rejects.toMatchObject({
      status: 401,
      serverMessage: "Invalid email or password",
      code: "MESSAGES.invalidCredentials",
    });
    expect(server.refreshCalls()).toHaveLength(0);
    expect(redirectToLogin).not.toHaveBeenCalled();
    expect(localStorage.getItem("token")).toBe("old-access");
  });

  it("clears both tokens and goes to /login when the refresh is refused", async () => {
    fakeServer({ refreshWorks: false });
    await expect(apiRequest("/me")).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("refreshToken")).toBeNull();
    expect(redirectToLogin).toHaveBeenCalled();
  });

  it("without a refresh token removes the access token and goes to /login", async () => {
    localStorage.removeItem("refreshToken");
    const server = fakeServer();
    await expect(apiRequest("/me")).rejects.toMatchObject({ status: 401 });
    expect(server.refreshCalls()).toHaveLength(0);
    expect(localStorage.getItem("token")).toBeNull();
    expect(redirectToLogin).toHaveBeenCalled();
  });

  it("repeats a request at most once", async () => {
    const server = fakeServer({ validToken: "never-valid" });
    await expect(apiRequest("/me")).rejects.toMatchObject({ status: 401 });
    expect(server.refreshCalls()).toHaveLength(1);
    expect(server.calls.filter((c) => c.path === "/me")).toHaveLength(2);
  });

  it("turns a failure envelope into an ApiError with the server's message and errors", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        json(400, { success: false, message: "Validation failed", errors: [{ path: "email", msg: "Bad" }] }),
      ),
    );
    await expect(apiRequest("/x")).rejects.toMatchObject({
      status: 400,
      message: "Validation failed",
      errors: [{ path: "email", msg: "Bad" }],
    });
  });

  it("reports an unreachable server as status 0", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("fetch failed");
      }),
    );
    await expect(apiRequest("/x")).rejects.toMatchObject({ status: 0, serverMessage: undefined });
  });

  it("reports a success whose body was cut off (the page being left) as status 0, not as a refusal", async () => {
    const cutOff = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"success":true,"da'));
        controller.error(new TypeError("network error"));
      },
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(cutOff, { status: 200 })),
    );
    await expect(apiRequest("/auth/profile")).rejects.toMatchObject({ status: 0 });
  });
});
