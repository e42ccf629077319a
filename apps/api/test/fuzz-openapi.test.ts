import path from "node:path";
import fc from "fast-check";
import { generateSync } from "json-schema-faker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDefaultSettings } from "../src/modules/settings/repo.js";
import { seedDemoData } from "../src/seed/demo.js";
import { seedDemoSessions } from "../src/seed/sessions.js";
import { createLocalStorage } from "../src/storage/local.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { login } from "./support/factories.js";
import { multipart, PDF, PNG } from "./support/multipart.js";

/**
 * Property-based fuzzing of every operation of the OpenAPI document (`/api/docs/json`), with a
 * token of each role and without one: valid-shaped inputs sampled from the route's own schemas
 * (json-schema-faker, seeded by fast-check so a failure replays) and hostile ones. No answer may
 * be a 5xx or carry a stack trace or SQL text. `FUZZ_RUNS` sets the runs per operation.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
/** A fixed seed keeps CI reproducible; `FUZZ_SEED=random` (or a number) explores further. */
const SEED = process.env.FUZZ_SEED === "random" ? Date.now() : Number(process.env.FUZZ_SEED ?? 20261124);
/** `FUZZ_ONLY=reports` fuzzes only the operations whose path contains it. */
const ONLY = process.env.FUZZ_ONLY ?? "";
const DEMO = {
  learner: { email: "learner@example.com", password: "Learner123!" },
  instructor: { email: "instructor@example.com", password: "Instructor123!" },
  admin: { email: "admin@example.com", password: "Admin123!" },
  super_admin: { email: "superadmin@example.com", password: "Super123!" },
};
const LEAK = /\bat .+\.(ts|js):\d+|SQLITE_|syntax error|relation "|violates|duplicate key|node_modules|Kysely/i;

interface Operation {
  method: string;
  route: string;
  pathParams: string[];
  query: Record<string, unknown>;
  body?: Record<string, unknown>;
  /** A multipart/form-data body's parts: the binary file part and the text ones. */
  multipart?: { file: string; fields: string[] };
}

const hostileString = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "x".repeat(100_000),
  "../../etc/passwd",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "💥🚀",
  "%00",
  "NaN",
  "-1",
  "1e309",
  "__proto__",
  "constructor",
  "000000000000000000000000",
);
/**
 * Broken and hostile multipart bodies for an upload route: hostile field values and file names,
 * wrong content, the file under another name, a body cut short, too many parts, a missing or
 * wrong boundary, and plain noise.
 */
function badMultipart({ file, fields }: { file: string; fields: string[] }) {
  const shaped = fc
    .record({
      values: fc.array(hostileString, { minLength: fields.length, maxLength: fields.length }),
      filename: fc.oneof(hostileString, fc.constantFrom("a.pdf", "a.png", "a.csv", "a.exe")),
      content: fc.oneof(
        fc.constantFrom(PDF, PNG, Buffer.alloc(0)),
        fc.uint8Array({ maxLength: 4096 }).map(Buffer.from),
      ),
      field: fc.oneof(fc.constant(file), fc.constantFrom("other", "", file.toUpperCase())),
      cut: fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
    })
    .map(({ values, filename, content, field, cut }) => {
      const body = multipart(Object.fromEntries(fields.map((name, i) => [name, values[i]])), {
        field,
        filename,
        content,
      });
      const payload = cut === null ? body.payload : body.payload.subarray(0, Math.floor(body.payload.length * cut));
      return { multipart: payload, contentType: body.headers["content-type"] };
    });
  const tooManyParts = fc
    .constant(
      multipart(Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, "x"])), {
        field: file,
        filename: "a.pdf",
        content: PDF,
      }),
    )
    .map((body) => ({ multipart: body.payload, contentType: body.headers["content-type"] }));
  const wrongFraming = fc
    .tuple(
      fc.uint8Array({ maxLength: 2048 }),
      fc.constantFrom(
        "multipart/form-data",
        "multipart/form-data; boundary=",
        "multipart/form-data; boundary=nothere",
        "multipart/mixed; boundary=x",
      ),
    )
    .map(([bytes, contentType]) => ({ multipart: Buffer.from(bytes), contentType }));
  return fc.oneof(shaped, tooManyParts, wrongFraming);
}

const deep = (levels: number): unknown => (levels === 0 ? "bottom" : { a: [deep(levels - 1)] });
const hostileValue = fc.oneof(
  hostileString,
  fc.constantFrom<unknown>(null, true, -1, 0, 2 ** 53, 1.5, Number.MAX_VALUE, [], {}, deep(200)),
  fc.constant({ __proto__: { admin: true }, constructor: { prototype: { admin: true } } }),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);

describe("fuzzing every operation of the OpenAPI document", () => {
  let t: TestContext;
  let operations: Operation[];
  let ids: string[];
  const auth: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000000" } });
    const storage = createLocalStorage(path.join(t.dataDir, "uploads"));
    await seedDemoData(t.db, storage);
    await seedDemoSessions(t.db, { storage, uidDomain: "lms.test" });
    for (const [role, account] of Object.entries(DEMO)) auth[role] = (await login(t.app, account)).auth;

    // Ids of real objects of every table, so requests reach past "not found"; never the signed-in
    // accounts themselves, whose suspension would end the run's coverage.
    const own = new Set(
      (
        await t.db
          .selectFrom("users")
          .select("id")
          .where(
            "email",
            "in",
            Object.values(DEMO).map((d) => d.email),
          )
          .execute()
      ).map((u) => u.id),
    );
    ids = [];
    for (const table of await t.db.introspection.getTables()) {
      if (!table.columns.some((column) => column.name === "id")) continue;
      const rows = await t.db
        .selectFrom(table.name as "users")
        .select("id")
        .limit(3)
        .execute();
      ids.push(...rows.map((row) => String(row.id)).filter((id) => !own.has(id)));
    }

    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    operations = [];
    for (const [route, methods] of Object.entries<Record<string, OpenApiOperation>>(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const parameters = op.parameters ?? [];
        operations.push({
          method: method.toUpperCase(),
          route,
          pathParams: parameters.filter((p) => p.in === "path").map((p) => p.name),
          query: Object.fromEntries(parameters.filter((p) => p.in === "query").map((p) => [p.name, p.schema])),
          body: op.requestBody?.content?.["application/json"]?.schema,
          multipart: multipartParts(op.requestBody?.content?.["multipart/form-data"]?.schema),
        });
      }
    }
  });
  afterAll(() => t?.close());

  it("finds the operations and real ids to aim at", () => {
    expect(operations.length).toBeGreaterThan(150);
    expect(ids.length).toBeGreaterThan(30);
    // The uploads get broken multipart bodies: lesson files and materials (instructor and admin areas),
    // avatars, recordings, question images, answer files, the user import and its preview.
    expect(operations.filter((o) => o.multipart).length).toBeGreaterThanOrEqual(10);
  });

  it("never answers 5xx, nor with a stack trace or SQL, whatever the input and the role", async () => {
    const sample = (schema: unknown, seed: number) => {
      try {
        return generateSync(schema as never, { seed, optionalsProbability: 0.7 });
      } catch {
        return {};
      }
    };
    const roles = fc.constantFrom<string | undefined>(undefined, "learner", "instructor", "admin", "super_admin");
    const idLike = fc.oneof(fc.constantFrom(...ids), fc.stringMatching(/^[0-9a-f]{24}$/), hostileString, fc.string());

    for (const op of operations.filter((o) => o.route.includes(ONLY))) {
      const bodyArb = op.multipart
        ? badMultipart(op.multipart)
        : op.body
          ? fc.oneof(
              fc.integer().map((seed) => ({ json: sample(op.body, seed) })),
              fc.tuple(fc.integer(), fc.string(), hostileValue).map(([seed, key, value]) => {
                const shaped = sample(op.body, seed);
                const keys = shaped && typeof shaped === "object" ? Object.keys(shaped) : [];
                const target = keys.length ? keys[Math.abs(seed) % keys.length] : key;
                return { json: { ...(shaped as object), [target]: value } };
              }),
              hostileValue.map((value) => ({ json: value })),
              fc.constantFrom('{"a":', "not json", "[".repeat(10_000), '{"__proto__":{"x":1}}').map((raw) => ({ raw })),
            )
          : fc.oneof(
              fc.constant({}),
              hostileValue.map((value) => ({ json: value })),
              fc.uint8Array({ maxLength: 2048 }).map((bytes) => ({ multipart: Buffer.from(bytes) })),
            );
      const queryArb = fc.oneof(
        fc.integer().map((seed) => sample({ type: "object", properties: op.query }, seed) as Record<string, unknown>),
        fc.dictionary(fc.constantFrom(...Object.keys(op.query), "page", "limit", "x"), hostileValue.map(String), {
          maxKeys: 3,
        }),
      );
      const input = fc.record({
        role: roles,
        params: fc.array(idLike, { minLength: op.pathParams.length, maxLength: op.pathParams.length }),
        query: queryArb,
        body: bodyArb,
      });

      await fc.assert(
        fc.asyncProperty(input, async ({ role, params, query, body }) => {
          let url = op.route;
          op.pathParams.forEach((name, i) => {
            url = url.replace(`{${name}}`, encodeURIComponent(params[i] ?? "x"));
          });
          const search = new URLSearchParams();
          for (const [key, value] of Object.entries(query ?? {})) {
            if (value !== undefined)
              search.append(key, typeof value === "object" ? JSON.stringify(value) : String(value));
          }
          if (search.size) url += `?${search}`;
          const headers: Record<string, string> = { ...(role ? auth[role] : {}) };
          let payload: string | Buffer | undefined;
          if ("json" in body) {
            headers["content-type"] = "application/json";
            payload = JSON.stringify(body.json) ?? "null";
          } else if ("raw" in body) {
            headers["content-type"] = "application/json";
            payload = String(body.raw);
          } else if ("multipart" in body) {
            headers["content-type"] =
              "contentType" in body ? String(body.contentType) : "multipart/form-data; boundary=----fuzz";
            payload = body.multipart;
          }
          const method = op.method as "GET";
          const response = await t.app.inject({
            method,
            url,
            headers,
            payload: method === "GET" ? undefined : payload,
          });
          if (/\/admin\/settings/.test(op.route) && response.statusCode < 300) {
            // A valid settings change (maintenance mode, limits) would change every later answer.
            await t.db.deleteFrom("system_settings").execute();
            await ensureDefaultSettings(t.db);
          }
          const where = `${op.method} ${url.slice(0, 200)} as ${role ?? "anonymous"}`;
          expect(response.statusCode, `${where}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
          expect(LEAK.test(response.body), `${where} leaks: ${response.body.slice(0, 300)}`).toBe(false);
        }),
        { numRuns: RUNS, seed: SEED },
      );
    }
  }, 600_000);
});

function multipartParts(schema?: { properties?: Record<string, { format?: string }> }) {
  if (!schema?.properties) return undefined;
  const names = Object.keys(schema.properties);
  const file = names.find((name) => schema.properties?.[name]?.format === "binary");
  return file ? { file, fields: names.filter((name) => name !== file) } : undefined;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema: unknown }[];
  requestBody?: {
    content?: Record<
      string,
      { schema: Record<string, unknown> & { properties?: Record<string, { format?: string }> } }
    >;
  };
}
