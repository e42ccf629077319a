import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";
import type { S3StorageOptions } from "../../src/storage/s3.js";

/** A local S3-compatible server (s3rver) with one empty bucket, for tests of the object storage. */
export async function startS3Server(bucket = "lms-test") {
  const directory = mkdtempSync(path.join(tmpdir(), "lms-s3-"));
  const serve = (port: number) =>
    new S3rver({ port, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: bucket }] });
  let server = serve(0);
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  const options: S3StorageOptions = {
    bucket,
    client: {
      endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    },
  };
  return {
    endpoint,
    options,
    /** The same settings as the environment would give them. */
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" },
    /** Stops answering (the objects stay on disk), as an outage would. */
    async stop() {
      await server.close();
    },
    /** Answers again on the same address with the same objects. */
    async restart() {
      server = serve(port);
      await server.run();
    },
    async close() {
      await server.close().catch(() => undefined);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
