// Issue 11's benchmark of the CSV user import: 10,000 invited users (no password: the common case)
// and 1,000 users with passwords (argon2 hashing dominates), from upload to the import's end, with
// the server's peak memory. The invitations go to DATA_DIR/outbox (no SMTP configured).
import { readFileSync } from "node:fs";
import { startServer } from "./server.mjs";

const API_PORT = 3921;

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

async function api(base, path, { token, method = "GET", body, form } = {}) {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  if (body) headers["content-type"] = "application/json";
  const response = await fetch(`${base}/api${path}`, { method, headers, body: form ?? (body && JSON.stringify(body)) });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${json.message}`);
  return json.data;
}

const csvForm = (csv) => {
  const form = new FormData();
  form.append("file", new Blob([csv], { type: "text/csv" }), "users.csv");
  return form;
};

async function timeImport(server, token, label, csv) {
  const started = performance.now();
  let peak = rssMb(server.pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(server.pid));
  }, 20);
  const before = rssMb(server.pid);
  const preview = (await api(server.base, "/admin/users/import/preview", { token, method: "POST", form: csvForm(csv) }))
    .preview;
  const previewMs = performance.now() - started;
  if (preview.problemCount > 0) throw new Error(`${label}: ${JSON.stringify(preview.problems.slice(0, 3))}`);
  let { job } = await api(server.base, "/admin/users/import", { token, method: "POST", form: csvForm(csv) });
  while (job.status === "running") {
    await new Promise((r) => setTimeout(r, 100));
    job = (await api(server.base, `/admin/users/import/${job._id}`, { token })).job;
  }
  clearInterval(sampler);
  const total = performance.now() - started;
  if (job.status !== "done") throw new Error(`${label}: ${job.error}`);
  console.log(
    `| ${label} | ${job.created} | ${previewMs.toFixed(0)} ms | ${total.toFixed(0)} ms | ${before.toFixed(0)} -> ${peak.toFixed(0)} MB |`,
  );
}

export async function benchUserImport() {
  const server = await startServer({ port: API_PORT, env: { SEED_DEMO: "true" } });
  try {
    const { token } = await api(server.base, "/auth/login", {
      method: "POST",
      body: { email: "admin@example.com", password: "Admin123!" },
    });
    const { settings } = await api(server.base, "/admin/settings", { token });
    await api(server.base, "/admin/settings", { token, method: "PUT", body: { ...settings, maxUsers: 100_000 } });
    const stamp = Date.now().toString(36);
    const invited = Array.from(
      { length: 10_000 },
      (_, i) => `Invited Person,invited-${i}-${stamp}@example.com,learner,,0`,
    );
    const withPasswords = Array.from(
      { length: 1_000 },
      (_, i) => `Known Person,known-${i}-${stamp}@example.com,learner,Secret123,5`,
    );
    console.log("\n## CSV user import (preview, then the import until done)");
    console.log("| file | users | preview | preview + import | server RSS |\n|---|---|---|---|---|");
    await timeImport(
      server,
      token,
      "10,000 invited users",
      ["name,email,role,password,credits", ...invited].join("\n"),
    );
    await timeImport(
      server,
      token,
      "1,000 users with passwords",
      ["name,email,role,password,credits", ...withPasswords].join("\n"),
    );
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchUserImport();
