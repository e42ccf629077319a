// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, once at build time, so the
// server sends them precompressed (@fastify/static `preCompressed`) instead of compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dist = path.resolve(import.meta.dirname, "../dist");
const TEXT = /\.(js|mjs|css|html|svg|json|txt)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name) && statSync(full).size >= MIN_BYTES) yield full;
  }
}

let count = 0;
for (const file of files(dist)) {
  const body = readFileSync(file);
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  );
  count++;
}
console.log(`compressed ${count} files in ${path.relative(process.cwd(), dist)} (brotli and gzip)`);
