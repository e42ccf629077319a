import { startServer } from "./server.mjs";
const server = await startServer({ port: 3943, env: { DATA_DIR: "/tmp/actb", READ_CACHE_SECONDS: "0" } });
const login = await fetch(`${server.base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "admin@example.com", password: "Admin123!" }) });
const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
for (const url of ["/api/activities/my-activities", "/api/admin/activity-logs", "/api/activities/stats", "/api/auth/profile"]) {
  const times = [];
  for (let i = 0; i < 200; i++) { const t = performance.now(); await (await fetch(server.base + url, { headers })).text(); times.push(performance.now() - t); }
  times.sort((a, b) => a - b);
  console.log(url, "p50", times[100].toFixed(2), "p90", times[180].toFixed(2), "max", times[199].toFixed(2));
}
await server.stop();
