// The npm registry mirror of our build machines carries only Linux builds of Biome, so
// `npm install` there leaves Biome's other platform packages out of package-lock.json and
// `npm ci` then calls the lockfile out of sync. This adds those entries back with the os/cpu/libc
// fields npm uses to skip them. Run it after `npm install` changes the lockfile.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const file = path.resolve(import.meta.dirname, "../package-lock.json");
const lock = JSON.parse(readFileSync(file, "utf8"));
const PLATFORMS = {
  "android-arm64": { os: ["android"], cpu: ["arm64"] },
  "android-x64": { os: ["android"], cpu: ["x64"] },
  "darwin-arm64": { os: ["darwin"], cpu: ["arm64"] },
  "darwin-x64": { os: ["darwin"], cpu: ["x64"] },
  "linux-arm64": { os: ["linux"], cpu: ["arm64"] },
  "linux-x64": { os: ["linux"], cpu: ["x64"] },
  "linux-arm64-musl": { os: ["linux"], cpu: ["arm64"], libc: ["musl"] },
  "linux-x64-musl": { os: ["linux"], cpu: ["x64"], libc: ["musl"] },
  "win32-arm64": { os: ["win32"], cpu: ["arm64"] },
  "win32-x64": { os: ["win32"], cpu: ["x64"] },
};

let added = 0;
for (const entry of Object.values(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const platform = PLATFORMS[name.replace("@biomejs/cli-", "")];
    if (!name.startsWith("@biomejs/cli-") || !platform || lock.packages[`node_modules/${name}`]) continue;
    lock.packages[`node_modules/${name}`] = { version, dev: entry.dev, optional: true, ...platform };
    added++;
  }
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} platform entries`);
