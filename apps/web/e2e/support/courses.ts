import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { DEMO } from "./auth";

interface Account {
  email: string;
  password: string;
}

/** A short unique suffix so parallel tests never share data. */
export const unique = () => randomUUID().slice(0, 8);
/** A unique marker in letters only (names take no digits): each digit becomes a letter no hex id uses. */
export const uniqueLetters = () => unique().replace(/\d/g, (digit) => "ghijklmnop"[Number(digit)]);

async function json<T>(response: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<T> {
  const body = (await response.json()) as { data: T };
  if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${JSON.stringify(body)}`);
  return body.data;
}

/** An api client signed in as `account`. */
export async function apiAs(request: APIRequestContext, account: Account) {
  const { token } = await json<{ token: string }>(await request.post("/api/auth/login", { data: account }));
  const headers = { Authorization: `Bearer ${token}` };
  return {
    get: async <T>(path: string) => json<T>(await request.get(`/api${path}`, { headers })),
    post: async <T>(path: string, data?: unknown) => json<T>(await request.post(`/api${path}`, { headers, data })),
    patch: async <T>(path: string, data: unknown) => json<T>(await request.patch(`/api${path}`, { headers, data })),
    upload: async <T>(path: string, field: string, file: { name: string; mimeType: string; buffer: Buffer }) =>
      json<T>(await request.post(`/api${path}`, { headers, multipart: { [field]: file } })),
    /** A multipart form of text fields only, e.g. a link material. */
    form: async <T>(path: string, fields: Record<string, string>) =>
      json<T>(await request.post(`/api${path}`, { headers, multipart: fields })),
  };
}

export type Api = Awaited<ReturnType<typeof apiAs>>;

/** A new learner account (0 credits), signed up through the api. */
export async function registerLearner(request: APIRequestContext, label: string) {
  const id = uniqueLetters();
  const account = {
    name: `${label} ${id}`,
    email: `${label.toLowerCase()}-${id}@example.com`,
    password: "Learner123!",
  };
  const { user } = await json<{ user: { _id: string } }>(await request.post("/api/auth/register", { data: account }));
  return { ...account, _id: user._id };
}

/** A draft course of the demo instructor, with one module; answers the course id and module id. */
export async function createCourseWithModule(request: APIRequestContext, title: string, priceCredits = 0) {
  const instructor = await apiAs(request, DEMO.instructor);
  const { categories } = await instructor.get<{ categories: { _id: string }[] }>("/categories");
  const { course } = await instructor.post<{ course: { _id: string } }>("/instructor/courses", {
    title,
    description: "A course made by an end-to-end test.",
    shortDescription: "Made by an end-to-end test run.",
    categoryId: categories[0]._id,
    duration: 90,
    priceCredits,
  });
  const { module } = await instructor.post<{ module: { _id: string } }>(`/instructor/courses/${course._id}/modules`, {
    title: "Getting started",
  });
  return { courseId: course._id, moduleId: module._id, instructor };
}

export async function publish(request: APIRequestContext, courseId: string) {
  const admin = await apiAs(request, DEMO.admin);
  await admin.patch(`/admin/courses/${courseId}/status`, { status: "active" });
}
