// The bare Node `http` server of ARCHITECTURE §9: answers the JSON in the file it is given, from
// memory. It runs in its own process, like the api, so neither shares a thread with autocannon.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const [bodyFile, port] = process.argv.slice(2);
const payload = readFileSync(bodyFile);
createServer((_req, res) => {
  res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": payload.length });
  res.end(payload);
}).listen(Number(port), "127.0.0.1", () => process.send?.("listening"));
