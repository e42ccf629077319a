// `npm start`: builds whatever is missing or older than its sources, then runs the server.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), 0);
}

const workspaces = [
  { name: "packages/contract", sources: ["src"], output: "dist/index.js" },
  {
    name: "apps/web",
    sources: ["src", "public", "scripts", "index.html", "vite.config.ts"],
    output: "dist/index.html",
  },
  { name: "apps/api", sources: ["src"], output: "dist/main.js" },
];

let rebuilt = false;
for (const ws of workspaces) {
  const dir = path.join(root, ws.name);
  const output = path.join(dir, ws.output);
  const sourceTime = Math.max(...ws.sources.map((s) => newestMtime(path.join(dir, s))));
  if (rebuilt || !existsSync(output) || statSync(output).mtimeMs < sourceTime) {
    console.log(`building ${ws.name} ...`);
    execSync(`npm run build -w ${ws.name}`, { cwd: root, stdio: "inherit" });
    rebuilt = true;
  }
}

await import(path.join(root, "apps/api/dist/main.js"));
