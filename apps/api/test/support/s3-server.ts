import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";
import type { S3StorageOptions } from "../../src/storage/s3.js";

/** A local S3-compatible server (s3rver) with one empty bucket, for tests of the object storage. */
export async function startS3Server(bucket = "lms-test") {
  const directory = mkdtempSync(path.join(tmpdir(), "lms-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
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
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
