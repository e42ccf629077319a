import { randomBytes } from "node:crypto";
import { type APIRequestContext, type BrowserContext, expect } from "@playwright/test";
import { DEMO } from "./auth";

interface Account {
  email: string;
  password: string;
}

/** Signs in through the api and answers the access token and the user's id. */
export async function apiLogin(request: APIRequestContext, account: Account) {
  const response = await request.post("/api/auth/login", { data: account });
  expect(response.ok()).toBeTruthy();
  const { data } = await response.json();
  return { token: data.token as string, userId: data.user._id as string };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Letters only, as user names require. */
const randomLetters = (length: number) =>
  Array.from(randomBytes(length), (byte) => String.fromCharCode(97 + (byte % 26))).join("");

export interface LiveCourse {
  courseId: string;
  title: string;
  learner: Account & { name: string; home: string };
}

/**
 * A published course of its own, taught by the demo instructor, with one freshly registered
 * learner enrolled: nothing shared with other tests but the demo instructor's account.
 */
export async function makeLiveCourse(request: APIRequestContext): Promise<LiveCourse> {
  const admin = await apiLogin(request, DEMO.admin);
  const instructor = await apiLogin(request, DEMO.instructor);
  const suffix = randomLetters(8);

  const categories = await (await request.get("/api/categories")).json();
  const title = `Live Course ${suffix}`;
  const created = await request.post("/api/admin/courses", {
    headers: bearer(admin.token),
    data: {
      title,
      description: "A course made by an end-to-end test for its live sessions.",
      shortDescription: "Live sessions under test.",
      categoryId: categories.data.categories[0]._id,
      instructorId: instructor.userId,
      duration: 60,
    },
  });
  expect(created.status()).toBe(201);
  const courseId: string = (await created.json()).data.course._id;
  const published = await request.patch(`/api/admin/courses/${courseId}/status`, {
    headers: bearer(admin.token),
    data: { status: "active" },
  });
  expect(published.ok()).toBeTruthy();

  const learner = {
    name: `Lee ${suffix[0].toUpperCase()}${suffix.slice(1)}`,
    email: `live-${suffix}@example.test`,
    password: "Learner123!",
    home: "/dashboard",
  };
  const registered = await request.post("/api/auth/register", {
    data: { name: learner.name, email: learner.email, password: learner.password },
  });
  expect(registered.status()).toBe(201);
  const learnerId: string = (await registered.json()).data.user._id;
  const enrolled = await request.post(`/api/admin/courses/${courseId}/enrollments`, {
    headers: bearer(admin.token),
    data: { userIds: [learnerId] },
  });
  expect(enrolled.ok()).toBeTruthy();
  return { courseId, title, learner };
}

/** Schedules a session of the course through the api, as its instructor. */
export async function scheduleByApi(request: APIRequestContext, course: LiveCourse, title: string, startsAt: number) {
  const instructor = await apiLogin(request, DEMO.instructor);
  const response = await request.post("/api/sessions", {
    headers: bearer(instructor.token),
    data: {
      courseId: course.courseId,
      title,
      description: "Scheduled by an end-to-end test.",
      scheduledAt: new Date(startsAt).toISOString(),
      duration: 60,
      type: "review",
      maxParticipants: null,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).data.session._id as string;
}

export const JITSI = "https://meet.jit.si/";

/** The e2e machine has no network: the meeting provider's pages answer from here instead. */
export async function stubMeetingProvider(context: BrowserContext): Promise<void> {
  await context.route(`${JITSI}**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Meeting</title><p>Meeting room</p>" }),
  );
}
