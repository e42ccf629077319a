import { createServer } from "node:net";
import {
  gradebookResponseSchema,
  LTI_MESSAGES,
  type LtiLaunchForm,
  type LtiPlatform,
  ltiItemsAddedText,
  MESSAGES,
} from "@lms/contract";
import { decodeProtectedHeader, generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeEnrolledLearner, makeModule, makeSignedInUser } from "./support/factories.js";
import { LTI_SCOPES, type LtiTestTool, startLtiTool } from "./support/lti-tool.js";

/**
 * LTI 1.3 Advantage with the product as platform (issue 25), against a real tool on loopback: the
 * app listens on a real port (PUBLIC_URL), the tool fetches our JWKS and calls our token endpoint
 * and services over HTTP, and the test plays the browser between them.
 */
const LTI = "https://purl.imsglobal.org/spec/lti/claim";
type SignedIn = Awaited<ReturnType<typeof makeSignedInUser>>;
type Auth = Record<string, string>;

let t: TestContext;
let base: string;
let platform: LtiPlatform;
let admin: SignedIn;
let instructor: SignedIn;
let tool: LtiTestTool;
let toolId: string;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const api = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, auth: Auth, payload?: unknown) =>
  t.app.inject({ method, url, headers: auth, ...(payload === undefined ? {} : { payload: payload as object }) });

async function registerTool(testTool: LtiTestTool, extra: Record<string, unknown> = {}) {
  const res = await api("POST", "/api/admin/lti/tools", admin.auth, {
    name: testTool.name,
    loginUrl: testTool.loginUrl,
    launchUrl: testTool.launchUrl,
    deepLinkingUrl: testTool.deepLinkingUrl,
    jwksUrl: testTool.jwksUrl,
    services: ["ags", "nrps"],
    customParameters: { lab: "optics" },
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  const registered = res.json().data.tool;
  testTool.register(platform, { clientId: registered.clientId, deploymentIds: registered.deploymentIds });
  return registered as { _id: string; clientId: string; deploymentIds: string[] };
}

/** The hidden fields and action of the auto-posting page the authorization endpoint answers. */
function autoPostForm(html: string) {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? "";
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
  );
  return { action: action.replace(/&amp;/g, "&"), fields };
}

/** The browser: the launch form posted to the tool's login, which redirects to our authorization URL. */
async function initiateLogin(launch: LtiLaunchForm): Promise<URL> {
  const res = await fetch(launch.action, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(launch.fields),
    redirect: "manual",
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location") ?? "");
}

async function authorize(url: URL) {
  const res = await fetch(url);
  return { status: res.status, html: await res.text(), csp: res.headers.get("content-security-policy") ?? "" };
}

/** A whole launch: login initiation, authorization, the id_token posted to the tool. */
async function launchInBrowser(launch: LtiLaunchForm) {
  const authorizeUrl = await initiateLogin(launch);
  const answer = await authorize(authorizeUrl);
  expect(answer.status, answer.html).toBe(200);
  const form = autoPostForm(answer.html);
  const toolRes = await fetch(form.action, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form.fields),
  });
  return { authorizeUrl, form, csp: answer.csp, toolStatus: toolRes.status, toolHtml: await toolRes.text() };
}

async function addLink(courseId: string, moduleId: string, title: string, scoreMaximum?: number) {
  const res = await api("POST", `/api/instructor/courses/${courseId}/modules/${moduleId}/lti/links`, instructor.auth, {
    toolId,
    title,
    ...(scoreMaximum ? { scoreMaximum } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { lessonId: string; linkId: string };
}

async function launchForm(auth: Auth, courseId: string, lessonId: string, linkId: string) {
  const res = await api("POST", `/api/courses/${courseId}/lessons/${lessonId}/lti/${linkId}/launch`, auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.launch as LtiLaunchForm;
}

/** A course of the instructor with a module, an enrolled learner and a scored link. */
async function courseWithLink(title = "Optics lab") {
  const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
  const module = await makeModule(t.db, { course_id: course.id });
  const learner = await makeEnrolledLearner(t.app, t.db, course.id);
  const link = await addLink(course.id, module.id, title, 10);
  return { course, module, learner, ...link };
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    env: { PUBLIC_URL: base, AUTH_RATE_LIMIT_MAX: "1000", AUTH_RATE_LIMIT_ADDRESS_MAX: "1000" },
  });
  await t.app.listen({ port, host: "127.0.0.1" });
  admin = await makeSignedInUser(t.app, t.db, "admin");
  instructor = await makeSignedInUser(t.app, t.db, "instructor");
  platform = (await api("GET", "/api/admin/lti/tools", admin.auth)).json().data.platform;
  tool = await startLtiTool();
  toolId = (await registerTool(tool))._id;
});
afterAll(async () => {
  await tool?.close();
  await t?.close();
});

describe("tool registration (admins)", () => {
  const valid = () => ({
    name: "Lab",
    loginUrl: "https://tool.example/login",
    launchUrl: "https://tool.example/launch",
    jwksUrl: "https://tool.example/jwks",
    services: ["ags"],
  });

  it("gives the platform's endpoints under PUBLIC_URL and a generated client id and deployment id", async () => {
    expect(platform).toEqual({
      issuer: base,
      authorizationUrl: `${base}/api/lti/authorize`,
      tokenUrl: `${base}/api/lti/token`,
      jwksUrl: `${base}/api/lti/jwks`,
      deepLinkingReturnUrl: `${base}/api/lti/deep-linking/return`,
    });
    const res = await api("POST", "/api/admin/lti/tools", admin.auth, valid());
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(LTI_MESSAGES.toolCreated.text);
    const created = res.json().data.tool;
    expect(created.clientId).toMatch(/^[0-9a-f]{32}$/);
    expect(created.deploymentIds).toHaveLength(1);
    expect(created).toMatchObject({ deepLinkingUrl: null, publicKey: null, services: ["ags"], customParameters: {} });
    const listed = (await api("GET", "/api/admin/lti/tools", admin.auth)).json().data.tools;
    expect(listed.map((x: { _id: string }) => x._id)).toContain(created._id);
  });

  it("lets the product's pages frame the registered tools and post launch forms to them (their CSP)", async () => {
    const page = await t.app.inject({ method: "GET", url: "/courses" });
    const csp = String(page.headers["content-security-policy"]);
    const origin = new URL(tool.url).origin;
    expect(csp).toContain(`form-action 'self' ${origin}`);
    expect(csp).toContain(`frame-src 'self' ${origin}`);
    expect(csp).toContain("script-src 'self'");
    const api = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(api.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("refuses bad URLs, both or neither key source, and a bad public key, with messages", async () => {
    const refused = async (body: object, message: string, path: string) => {
      const res = await api("POST", "/api/admin/lti/tools", admin.auth, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ path, msg: message })]));
    };
    await refused({ ...valid(), loginUrl: "not a url" }, LTI_MESSAGES.invalidUrl.text, "loginUrl");
    await refused({ ...valid(), launchUrl: "javascript:alert(1)" }, LTI_MESSAGES.invalidUrl.text, "launchUrl");
    await refused({ ...valid(), publicKey: "{}" }, LTI_MESSAGES.keySourceRequired.text, "jwksUrl");
    const { jwksUrl: _, ...neither } = valid();
    await refused(neither, LTI_MESSAGES.keySourceRequired.text, "jwksUrl");
    await refused(
      { ...neither, publicKey: "-----BEGIN PUBLIC KEY-----\nnot a key\n-----END PUBLIC KEY-----" },
      LTI_MESSAGES.invalidPublicKey.text,
      "publicKey",
    );
    const res = await api("POST", "/api/admin/lti/tools", admin.auth, {
      ...neither,
      publicKey: JSON.stringify(tool.publicJwk),
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it("changes a tool, keeping its client id, and its lessons show the new name", async () => {
    const { course, learner, linkId } = await courseWithLink();
    const before = (await api("GET", "/api/admin/lti/tools", admin.auth))
      .json()
      .data.tools.find((x: { _id: string }) => x._id === toolId);
    const body = {
      name: "Virtual Lab Pro",
      loginUrl: tool.loginUrl,
      launchUrl: tool.launchUrl,
      deepLinkingUrl: tool.deepLinkingUrl,
      jwksUrl: tool.jwksUrl,
      services: ["ags", "nrps"],
      customParameters: { lab: "optics" },
    };
    const res = await api("PUT", `/api/admin/lti/tools/${toolId}`, admin.auth, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.tool).toMatchObject({
      name: "Virtual Lab Pro",
      clientId: before.clientId,
      deploymentIds: before.deploymentIds,
    });
    const detail = JSON.stringify((await api("GET", `/api/courses/${course.id}/detail`, learner.auth)).json());
    expect(detail).toContain(`"lti":{"linkId":"${linkId}","toolName":"Virtual Lab Pro"}`);
    expect(
      (await api("PUT", `/api/admin/lti/tools/${toolId}`, admin.auth, { ...body, name: tool.name })).statusCode,
    ).toBe(200);
    const missing = await api("PUT", "/api/admin/lti/tools/0123456789abcdef01234567", admin.auth, body);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(LTI_MESSAGES.toolNotFound.text);
  });

  it("is for admins only, and a tool in use is not deleted", async () => {
    expect((await api("GET", "/api/admin/lti/tools", instructor.auth)).statusCode).toBe(403);
    expect((await api("POST", "/api/admin/lti/tools", instructor.auth, valid())).statusCode).toBe(403);
    expect((await api("POST", "/api/admin/lti/keys/rotate", instructor.auth)).statusCode).toBe(403);
    await courseWithLink();
    const res = await api("DELETE", `/api/admin/lti/tools/${toolId}`, admin.auth);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(LTI_MESSAGES.toolInUse.text);
    const unused = (await api("POST", "/api/admin/lti/tools", admin.auth, valid())).json().data.tool;
    expect((await api("DELETE", `/api/admin/lti/tools/${unused._id}`, admin.auth)).statusCode).toBe(200);
  });
});

describe("launch", () => {
  it("sends an id_token the tool verifies against our JWKS, with the LTI claim set", async () => {
    const { course, learner, lessonId, linkId } = await courseWithLink();
    const launch = await launchForm(learner.auth, course.id, lessonId, linkId);
    expect(launch).toMatchObject({ action: tool.loginUrl, target: "frame" });
    expect(launch.fields).toMatchObject({ iss: base, login_hint: learner.user.id, target_link_uri: tool.launchUrl });

    const done = await launchInBrowser(launch);
    expect(done.toolStatus, done.toolHtml).toBe(200);
    expect(done.toolHtml).toContain(`Hello ${learner.user.name}`);
    expect(done.toolHtml).toContain("Resource link: Optics lab");
    expect(done.csp).toContain("script-src 'nonce-");
    expect(done.csp).toContain(`form-action ${new URL(tool.url).origin}`);

    const claims = tool.record.launches.at(-1) ?? {};
    const lineItems = `${base}/api/lti/courses/${course.id}/line-items`;
    expect(claims).toMatchObject({
      iss: base,
      aud: expect.any(String),
      sub: learner.user.id,
      email: learner.user.email,
      [`${LTI}/message_type`]: "LtiResourceLinkRequest",
      [`${LTI}/version`]: "1.3.0",
      [`${LTI}/deployment_id`]: expect.any(String),
      [`${LTI}/roles`]: ["http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"],
      [`${LTI}/target_link_uri`]: tool.launchUrl,
      [`${LTI}/resource_link`]: { id: linkId, title: "Optics lab" },
      [`${LTI}/context`]: {
        id: course.id,
        title: course.title,
        type: ["http://purl.imsglobal.org/vocab/lis/v2/course#CourseOffering"],
      },
      [`${LTI}/launch_presentation`]: { document_target: "iframe" },
      [`${LTI}/custom`]: { lab: "optics" },
      [`${LTI}/tool_platform`]: { guid: base },
      "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint": {
        lineitems: lineItems,
        lineitem: expect.stringMatching(new RegExp(`^${lineItems}/[0-9a-f]{24}$`)),
      },
      "https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice": {
        context_memberships_url: `${base}/api/lti/courses/${course.id}/memberships`,
        service_versions: ["2.0"],
      },
    });
    const jwks = await (await fetch(`${base}/api/lti/jwks`)).json();
    expect(jwks.keys.map((k: { kid: string }) => k.kid)).toContain(
      decodeProtectedHeader(done.form.fields.id_token).kid,
    );
    expect(jwks.keys.every((k: Record<string, unknown>) => !("d" in k))).toBe(true);
  });

  it("maps instructors and admins to their LIS roles", async () => {
    const { course, lessonId, linkId } = await courseWithLink();
    await launchInBrowser(await launchForm(instructor.auth, course.id, lessonId, linkId));
    expect(tool.record.launches.at(-1)?.[`${LTI}/roles`]).toEqual([
      "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor",
    ]);
    await launchInBrowser(await launchForm(admin.auth, course.id, lessonId, linkId));
    expect(tool.record.launches.at(-1)?.[`${LTI}/roles`]).toEqual([
      "http://purl.imsglobal.org/vocab/lis/v2/membership#Administrator",
      "http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator",
    ]);
  });

  it("is refused to learners not enrolled (403 not enrolled); the lesson api shows the link", async () => {
    const { course, lessonId, linkId, learner } = await courseWithLink();
    const outsider = await makeSignedInUser(t.app, t.db, "learner");
    const res = await api("POST", `/api/courses/${course.id}/lessons/${lessonId}/lti/${linkId}/launch`, outsider.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.notEnrolled.text);
    const detail = (await api("GET", `/api/courses/${course.id}/detail`, learner.auth)).json();
    const files = JSON.stringify(detail);
    expect(files).toContain(`"lti":{"linkId":"${linkId}","toolName":"${tool.name}"}`);
  });

  it("refuses a replayed nonce, a reused or foreign hint, a wrong redirect_uri and another user's login_hint", async () => {
    const { course, learner, lessonId, linkId } = await courseWithLink();
    const first = await launchInBrowser(await launchForm(learner.auth, course.id, lessonId, linkId));
    expect(first.toolStatus).toBe(200);
    const refusedWith = async (url: URL, message: string) => {
      const answer = await authorize(url);
      expect(answer.status).toBe(400);
      expect(answer.html).toContain(message.replace(/'/g, "&#39;"));
      expect(answer.html).not.toContain("id_token");
    };

    // the same request again: its hint was used
    await refusedWith(first.authorizeUrl, LTI_MESSAGES.invalidHint.text);
    // a fresh hint with the nonce already used
    const replay = await initiateLogin(await launchForm(learner.auth, course.id, lessonId, linkId));
    replay.searchParams.set("nonce", first.authorizeUrl.searchParams.get("nonce") ?? "");
    await refusedWith(replay, LTI_MESSAGES.nonceReused.text);
    // a redirect_uri the tool did not register
    const wrongRedirect = await initiateLogin(await launchForm(learner.auth, course.id, lessonId, linkId));
    wrongRedirect.searchParams.set("redirect_uri", "https://attacker.example/launch");
    await refusedWith(wrongRedirect, LTI_MESSAGES.wrongRedirectUri.text);
    // another user's login_hint with this user's hint
    const otherUser = await initiateLogin(await launchForm(learner.auth, course.id, lessonId, linkId));
    otherUser.searchParams.set("login_hint", instructor.user.id);
    await refusedWith(otherUser, LTI_MESSAGES.wrongLoginHint.text);
    // a hint made for another tool, presented by this one
    const other = await startLtiTool({ name: "Other tool" });
    try {
      const otherTool = await registerTool(other);
      const otherCourse = await makeCourse(t.db, { instructor_id: instructor.user.id });
      const otherModule = await makeModule(t.db, { course_id: otherCourse.id });
      const res = await api(
        "POST",
        `/api/instructor/courses/${otherCourse.id}/modules/${otherModule.id}/lti/links`,
        instructor.auth,
        {
          toolId: otherTool._id,
          title: "Elsewhere",
        },
      );
      const otherLink = res.json().data;
      const foreign = await launchForm(instructor.auth, otherCourse.id, otherLink.lessonId, otherLink.linkId);
      const forged = await initiateLogin(await launchForm(learner.auth, course.id, lessonId, linkId));
      forged.searchParams.set("lti_message_hint", foreign.fields.lti_message_hint);
      forged.searchParams.set("login_hint", instructor.user.id);
      await refusedWith(forged, LTI_MESSAGES.invalidHint.text);
    } finally {
      await other.close();
    }
  });

  it("lets the tool refuse an id_token posted with a state it did not issue", async () => {
    const { course, learner, lessonId, linkId } = await courseWithLink();
    const answer = await authorize(await initiateLogin(await launchForm(learner.auth, course.id, lessonId, linkId)));
    const form = autoPostForm(answer.html);
    const res = await fetch(form.action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id_token: form.fields.id_token, state: "forged-state" }),
    });
    expect(res.status).toBe(400);
    expect(tool.record.refusals.at(-1)).toBe("The state is unknown to this tool");
  });
});

describe("deep linking", () => {
  async function deepLinkingRequest(courseId: string, moduleId: string) {
    const res = await api(
      "POST",
      `/api/instructor/courses/${courseId}/modules/${moduleId}/lti/deep-linking`,
      instructor.auth,
      {
        toolId,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const done = await launchInBrowser(res.json().data.launch);
    expect(done.toolStatus, done.toolHtml).toBe(200);
    const claims = tool.record.launches.at(-1) ?? {};
    return { done, claims };
  }

  it("adds the tool's resource link as a lesson with a link and a line item; a replay and a foreign signature are refused", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const module = await makeModule(t.db, { course_id: course.id });
    const { done, claims } = await deepLinkingRequest(course.id, module.id);
    expect(claims[`${LTI}/message_type`]).toBe("LtiDeepLinkingRequest");
    expect(claims["https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings"]).toMatchObject({
      deep_link_return_url: `${base}/api/lti/deep-linking/return`,
      accept_types: ["ltiResourceLink", "link"],
      accept_multiple: true,
      data: expect.any(String),
    });
    const returned = autoPostForm(done.toolHtml);
    expect(returned.action).toBe(`${base}/api/lti/deep-linking/return`);
    const post = (jwt: string) =>
      fetch(returned.action, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ JWT: jwt }),
      });

    const res = await post(returned.fields.JWT);
    const html = await res.text();
    expect(res.status, html).toBe(200);
    expect(html).toContain(ltiItemsAddedText(1));
    expect(html).toContain('"lti-deep-linking-done"');
    const lessons = await t.db.selectFrom("lessons").selectAll().where("module_id", "=", module.id).execute();
    expect(lessons.map((l) => l.title)).toEqual(["Virtual lab"]);
    const link = await t.db
      .selectFrom("lti_links")
      .selectAll()
      .where("lesson_id", "=", lessons[0].id)
      .executeTakeFirstOrThrow();
    const item = await t.db
      .selectFrom("lti_line_items")
      .selectAll()
      .where("link_id", "=", link.id)
      .executeTakeFirstOrThrow();
    expect(Number(item.score_maximum)).toBe(10);
    const file = await t.db
      .selectFrom("lesson_files")
      .selectAll()
      .where("id", "=", link.file_id)
      .executeTakeFirstOrThrow();
    expect(file).toMatchObject({ kind: "lti", lesson_id: lessons[0].id });

    const replay = await post(returned.fields.JWT);
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain(LTI_MESSAGES.nonceReused.text);

    const data = (claims["https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings"] as { data: string })
      .data;
    const stranger = await generateKeyPair("RS256");
    const foreign = await post(await tool.deepLinkingResponse({ data, key: stranger.privateKey }));
    expect(foreign.status).toBe(400);
    expect(await foreign.text()).toContain(LTI_MESSAGES.invalidDeepLinkingResponse.text);
    const forgedData = await post(await tool.deepLinkingResponse({ data: "not our data" }));
    expect(forgedData.status).toBe(400);
    expect(await t.db.selectFrom("lessons").select("id").where("module_id", "=", module.id).execute()).toHaveLength(1);
  });

  it("is started only by the course's managers", async () => {
    const course = await makeCourse(t.db);
    const module = await makeModule(t.db, { course_id: course.id });
    const res = await api(
      "POST",
      `/api/instructor/courses/${course.id}/modules/${module.id}/lti/deep-linking`,
      instructor.auth,
      {
        toolId,
      },
    );
    expect(res.statusCode).toBe(403);
    const tools = await api("GET", `/api/instructor/courses/${course.id}/lti/tools`, instructor.auth);
    expect(tools.statusCode).toBe(403);
  });
});

describe("assignment and grade services", () => {
  it("puts the tool's score in the gradebook's package columns and completes the lesson; an older score is refused", async () => {
    const { course, learner, lessonId, linkId } = await courseWithLink("Lab report");
    await launchInBrowser(await launchForm(learner.auth, course.id, lessonId, linkId));
    const claims = tool.record.launches.at(-1) ?? {};
    const { lineitem: lineItem } = claims["https://purl.imsglobal.org/spec/lti-ags/claim/endpoint"] as {
      lineitem: string;
    };
    const lineItemId = lineItem.split("/").pop();
    const progress = async () =>
      (await api("GET", `/api/courses/${course.id}/progress`, learner.auth)).json().data.progress;
    expect(await progress()).toMatchObject({ complete: false });

    const at = new Date();
    const sent = await tool.postScore(lineItem, {
      userId: learner.user.id,
      scoreGiven: 8,
      scoreMaximum: 10,
      timestamp: at.toISOString(),
    });
    expect(sent.status).toBe(204);

    const book = gradebookResponseSchema.parse(
      (await api("GET", `/api/courses/${course.id}/gradebook`, instructor.auth)).json(),
    ).data;
    expect(book.packages).toEqual([{ _id: lineItemId, lessonId, title: "Lab report", kind: "lti" }]);
    expect(book.rows.find((r) => r.learner._id === learner.user.id)?.packageScores).toEqual([80]);
    expect(await progress()).toMatchObject({ resourcesViewed: 1, totalResources: 1, complete: true });

    const older = await tool.postScore(lineItem, {
      userId: learner.user.id,
      scoreGiven: 2,
      scoreMaximum: 10,
      timestamp: new Date(at.getTime() - 1000).toISOString(),
    });
    expect(older.status).toBe(409);
    expect(older.body?.message).toBe(LTI_MESSAGES.staleScore.text);

    const results = await tool.readService(`${lineItem}/results`, await tool.token([LTI_SCOPES.resultReadOnly]), "*/*");
    expect(results.status).toBe(200);
    expect(results.contentType).toContain("application/vnd.ims.lis.v2.resultcontainer+json");
    expect(results.body).toEqual([
      expect.objectContaining({ userId: learner.user.id, resultScore: 8, resultMaximum: 10 }),
    ]);
  });

  it("takes the score the tool's own page sends after a launch (8 / 10, by private_key_jwt)", async () => {
    const { course, learner, lessonId, linkId } = await courseWithLink("Page score");
    const done = await launchInBrowser(await launchForm(learner.auth, course.id, lessonId, linkId));
    const scoreForm = autoPostForm(done.toolHtml);
    expect(scoreForm.action).toBe(`${tool.url}/score`);
    const sent = await fetch(scoreForm.action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(scoreForm.fields),
    });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("Score sent: 8 / 10 (204)");
    const book = gradebookResponseSchema.parse(
      (await api("GET", `/api/courses/${course.id}/gradebook`, learner.auth)).json(),
    ).data;
    expect(book.rows[0]?.packageScores).toEqual([80]);
  });

  it("lists and creates line items with the lineitem scope", async () => {
    const { course } = await courseWithLink();
    const url = `${base}/api/lti/courses/${course.id}/line-items`;
    const token = await tool.token([LTI_SCOPES.lineItem]);
    const created = await fetch(url, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/vnd.ims.lis.v2.lineitem+json" },
      body: JSON.stringify({ label: "Quiz", scoreMaximum: 20, tag: "quiz" }),
    });
    expect(created.status).toBe(201);
    const listed = await tool.readService(
      `${url}?tag=quiz`,
      token,
      "application/vnd.ims.lis.v2.lineitemcontainer+json",
    );
    expect(listed.body).toEqual([expect.objectContaining({ label: "Quiz", scoreMaximum: 20, tag: "quiz" })]);
    const bad = await fetch(url, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/vnd.ims.lis.v2.lineitem+json" },
      body: JSON.stringify({ label: "", scoreMaximum: 0 }),
    });
    expect(bad.status).toBe(400);
  });
});

describe("names and role provisioning services", () => {
  it("lists members with a scoped token; refuses no token, a token without the scope, and another course", async () => {
    const { course, learner } = await courseWithLink();
    const url = `${base}/api/lti/courses/${course.id}/memberships`;
    const media = "application/vnd.ims.lti-nrps.v2.membershipcontainer+json";
    const read = await tool.readService(url, await tool.token([LTI_SCOPES.memberships]), media);
    expect(read.status).toBe(200);
    expect(read.contentType).toContain(media);
    expect(read.body.context).toMatchObject({ id: course.id });
    expect(read.body.members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          user_id: learner.user.id,
          status: "Active",
          name: learner.user.name,
          email: learner.user.email,
          roles: ["http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"],
        }),
        expect.objectContaining({
          user_id: instructor.user.id,
          roles: ["http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor"],
        }),
      ]),
    );

    const none = await tool.readService(url, null, media);
    expect(none.status).toBe(401);
    expect(none.body.message).toBe(LTI_MESSAGES.invalidToken.text);
    const unscoped = await tool.readService(url, await tool.token([LTI_SCOPES.score]), media);
    expect(unscoped.status).toBe(403);
    expect(unscoped.body.message).toBe(LTI_MESSAGES.scopeMissing.text);

    const elsewhere = await makeCourse(t.db);
    const other = await tool.readService(
      `${base}/api/lti/courses/${elsewhere.id}/memberships`,
      await tool.token([LTI_SCOPES.memberships]),
      media,
    );
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(LTI_MESSAGES.courseNotReachable.text);
  });

  it("refuses a reused client assertion and one not signed by the tool", async () => {
    const assertion = await tool.clientAssertion();
    expect((await tool.requestToken([LTI_SCOPES.memberships], assertion)).status).toBe(200);
    const again = await tool.requestToken([LTI_SCOPES.memberships], assertion);
    expect(again.status).toBe(401);
    expect(again.body.message).toBe(LTI_MESSAGES.invalidClientAssertion.text);
    const forged = await tool.requestToken([LTI_SCOPES.memberships], `${assertion.slice(0, -4)}AAAA`);
    expect(forged.status).toBe(401);
  });

  it("answers with OAuth 2.0's error fields (RFC 6749 §5.2), and nothing it answers is cached", async () => {
    const granted = await fetch(`${base}/api/lti/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
        client_assertion: await tool.clientAssertion(),
      }),
    });
    expect(granted.status).toBe(200);
    expect(granted.headers.get("cache-control")).toBe("no-store");
    const wrongGrant = await fetch(`${base}/api/lti/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "password" }),
    });
    expect(wrongGrant.status).toBe(400);
    expect(wrongGrant.headers.get("cache-control")).toBe("no-store");
    expect(await wrongGrant.json()).toMatchObject({
      error: "unsupported_grant_type",
      error_description: LTI_MESSAGES.unsupportedGrantType.text,
      message: LTI_MESSAGES.unsupportedGrantType.text,
    });
    const noAssertion = await tool.requestToken([LTI_SCOPES.memberships], "not-a-jwt");
    expect(noAssertion).toMatchObject({ status: 401, body: { error: "invalid_client" } });
  });
});

describe("platform keys", () => {
  it("rotation keeps an id_token signed before it verifiable, and new launches use the new key", async () => {
    const { course, learner, lessonId, linkId } = await courseWithLink();
    const before = await launchInBrowser(await launchForm(learner.auth, course.id, lessonId, linkId));
    const oldToken = before.form.fields.id_token;
    const oldKid = decodeProtectedHeader(oldToken).kid;

    const rotated = await api("POST", "/api/admin/lti/keys/rotate", admin.auth);
    expect(rotated.statusCode).toBe(200);
    const { kid } = rotated.json().data;
    expect(kid).not.toBe(oldKid);

    await expect(tool.verifyIdToken(oldToken)).resolves.toMatchObject({ sub: learner.user.id });
    const after = await launchInBrowser(await launchForm(learner.auth, course.id, lessonId, linkId));
    expect(after.toolStatus).toBe(200);
    expect(decodeProtectedHeader(after.form.fields.id_token).kid).toBe(kid);
    const jwks = await (await fetch(`${base}/api/lti/jwks`)).json();
    expect(jwks.keys.map((k: { kid: string }) => k.kid)).toEqual(expect.arrayContaining([kid, oldKid]));
  });
});

describe("the lesson file of kind lti", () => {
  it("is copied with its link and line item by a course copy, and the copy launches its own link", async () => {
    const { course } = await courseWithLink("Copied lab");
    const copied = await api("POST", `/api/instructor/courses/${course.id}/copy`, instructor.auth, {});
    expect(copied.statusCode, copied.body).toBe(201);
    const copyId = copied.json().data.course._id as string;
    const link = await t.db
      .selectFrom("lti_links")
      .selectAll()
      .where("course_id", "=", copyId)
      .executeTakeFirstOrThrow();
    const file = await t.db
      .selectFrom("lesson_files")
      .selectAll()
      .where("id", "=", link.file_id)
      .executeTakeFirstOrThrow();
    expect(file).toMatchObject({ course_id: copyId, lesson_id: link.lesson_id, storage_key: `lti-link:${link.id}` });
    const items = await t.db.selectFrom("lti_line_items").selectAll().where("course_id", "=", copyId).execute();
    expect(items.map((i) => i.link_id)).toEqual([link.id]);
    const launch = await launchForm(instructor.auth, copyId, link.lesson_id, link.id);
    expect((await launchInBrowser(launch)).toolStatus).toBe(200);
  });

  it("goes with its lesson, storing and removing no file, and the orphan sweep never meets it", async () => {
    const { course, module, lessonId, linkId } = await courseWithLink();
    const removed = await api(
      "DELETE",
      `/api/instructor/courses/${course.id}/modules/${module.id}/lessons/${lessonId}`,
      instructor.auth,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await t.db.selectFrom("lti_links").select("id").where("id", "=", linkId).execute()).toEqual([]);
    expect(await t.db.selectFrom("lti_line_items").select("id").where("course_id", "=", course.id).execute()).toEqual(
      [],
    );
    const orphans = await api("GET", "/api/admin/storage/orphans", admin.auth);
    expect(orphans.statusCode).toBe(200);
    expect(orphans.json().data.count).toBe(0);
  });
});
