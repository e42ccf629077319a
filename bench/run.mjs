// `npm run bench`: the api's hot reads against a bare Node server in the same run (ARCHITECTURE §9).
import { measure, printTable, startBareServer } from "./measure.mjs";
import { startServer } from "./server.mjs";

const API_PORT = 3901;
const BARE_PORT = 3902;

const server = await startServer({ port: API_PORT, env: { SEED_DEMO: "true" } });
try {
  const catalogueUrl = `${server.base}/api/courses`;
  const catalogueBody = await (await fetch(catalogueUrl)).text();
  const login = await fetch(`${server.base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "learner@example.com", password: "Learner123!" }),
  });
  const { token } = (await login.json()).data;

  const bare = await startBareServer(catalogueBody, BARE_PORT);
  const baseline = await measure("bare node http (same catalogue JSON)", `http://127.0.0.1:${BARE_PORT}/`);
  bare.close();
  const rows = [
    baseline,
    await measure("GET /api/courses (catalogue)", catalogueUrl),
    await measure("GET /api/auth/profile", `${server.base}/api/auth/profile`, { authorization: `Bearer ${token}` }),
  ];
  printTable(rows, baseline);
} finally {
  await server.stop();
}
