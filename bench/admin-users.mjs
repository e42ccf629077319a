// Issue 11's benchmark of the user list at 100k users: the first page, a search and a filter,
// with the read caches off, against a bare server answering the same JSON.
import path from "node:path";
import { growDatabase } from "./large-data.mjs";
import { compareWithBare, printTable, startBareServer } from "./measure.mjs";
import { startServer } from "./server.mjs";

const API_PORT = 3931;
const BARE_PORT = 3932;

/** `server` must hold the 100k-user data set with the read caches off. */
export async function benchAdminUsers(server) {
  const login = await fetch(`${server.base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@example.com", password: "Admin123!" }),
  });
  const admin = { authorization: `Bearer ${(await login.json()).data.token}` };
  const list = `${server.base}/api/admin/users`;
  const bare = await startBareServer(await (await fetch(list, { headers: admin })).text(), BARE_PORT);
  try {
    console.log("\n## 100k users: GET /api/admin/users, read caches off");
    printTable(
      await compareWithBare(bare.url, [
        ["GET /api/admin/users (first page)", list, admin],
        ["GET /api/admin/users?search=learner 4242", `${list}?search=learner%204242`, admin],
        ["GET /api/admin/users?role=instructor&status=active", `${list}?role=instructor&status=active`, admin],
        ["GET /api/admin/users?page=500", `${list}?page=500`, admin],
      ]),
    );
  } finally {
    bare.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seeded = await startServer({ port: API_PORT, env: { SEED_DEMO: "true" } });
  await seeded.stop();
  growDatabase(path.join(seeded.dataDir, "lms.db"));
  const server = await startServer({ port: API_PORT, env: { DATA_DIR: seeded.dataDir, READ_CACHE_SECONDS: "0" } });
  try {
    await benchAdminUsers(server);
  } finally {
    await server.stop();
  }
}
