import path from "node:path";
import { seedActivities } from "./activity-data.mjs";
import { startServer } from "./server.mjs";
const seeded = await startServer({ port: 3951, env: { SEED_DEMO: "true", DATA_DIR: "/work/benchdata/activity" } });
await seeded.stop();
const t0 = performance.now();
seedActivities(path.join(seeded.dataDir, "lms.db"), { entries: 1_000_000 });
console.log("seeded", ((performance.now() - t0) / 1000).toFixed(0), "s", seeded.dataDir);
