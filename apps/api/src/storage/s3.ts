import { PassThrough, type Readable } from "node:stream";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NotFound,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { newId } from "../db/ids.js";
import { FILE_TOO_LARGE, meter, validPrefix } from "./meter.js";
import type { Storage, StoredEntry } from "./storage.js";

export interface S3StorageOptions {
  bucket: string;
  client: S3ClientConfig;
}

/**
 * One bucket holds the uploads and, under `backups/`, the backup archives: two storages that must not
 * see each other's files (a backup copies every upload, and must not copy older backups).
 */
export interface S3Namespace {
  /** Put in front of every key of this storage (e.g. "backups/"). */
  keyPrefix?: string;
  /** Keys under these prefixes belong to another storage: `list` leaves them out. */
  hiddenPrefixes?: readonly string[];
}

export const BACKUP_ARCHIVES_PREFIX = "backups/";

/** Parts of 8 MB, two in flight: an upload of any size holds about 16 MB of it in memory. */
const PART_SIZE = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
const DELETE_BATCH = 1000;

/**
 * Files in an S3-compatible bucket (AWS, MinIO, Ceph, s3rver in tests). Uploads stream as multipart
 * uploads through the same byte meter as local files; one past the limit or cut off midway is
 * aborted, so no partial object becomes visible (S3 shows an object only once it is complete).
 */
export function createS3Storage(
  { bucket, client: clientConfig }: S3StorageOptions,
  { keyPrefix = "", hiddenPrefixes = [] }: S3Namespace = {},
): Storage {
  const client = new S3Client(clientConfig);
  const full = (key: string) => `${keyPrefix}${key}`;
  const upload = (Key: string, Body: Readable) =>
    new Upload({
      client,
      params: { Bucket: bucket, Key: full(Key), Body },
      partSize: PART_SIZE,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
  /** One page of up to 1,000 objects at a time, as S3 lists them. */
  async function* entries(): AsyncGenerator<StoredEntry> {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: keyPrefix || undefined, ContinuationToken }),
      );
      for (const { Key, Size, LastModified } of page.Contents ?? []) {
        if (!Key || hiddenPrefixes.some((hidden) => Key.startsWith(hidden))) continue;
        yield { key: Key.slice(keyPrefix.length), size: Size ?? 0, modifiedAt: LastModified ?? new Date() };
      }
      ContinuationToken = page.NextContinuationToken;
    } while (ContinuationToken);
  }
  return {
    async put(source, { prefix, maxBytes }) {
      const key = `${validPrefix(prefix)}/${newId()}`;
      const counter = meter(maxBytes, FILE_TOO_LARGE);
      const body = source.pipe(counter.transform);
      source.once("error", (error) => counter.transform.destroy(error));
      const transfer = upload(key, body);
      try {
        await transfer.done();
      } catch (error) {
        await transfer.abort().catch(() => undefined);
        source.resume();
        throw counter.failure() ?? error;
      }
      return { key, ...counter.result() };
    },
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: full(key) }));
        return head.ContentLength ?? null;
      } catch (error) {
        if (error instanceof NotFound || (error as { name?: string }).name === "NotFound") return null;
        throw error;
      }
    },
    read(key, range) {
      const out = new PassThrough();
      const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
      client
        .send(new GetObjectCommand({ Bucket: bucket, Key: full(key), Range }))
        .then(({ Body }) => {
          const body = Body as Readable;
          body.once("error", (error) => out.destroy(error));
          body.pipe(out);
        })
        .catch((error: unknown) => out.destroy(error as Error));
      return out;
    },
    async *list() {
      for await (const entry of entries()) yield entry.key;
    },
    entries,
    async putAt(key, source) {
      const transfer = upload(key, source);
      try {
        await transfer.done();
      } catch (error) {
        await transfer.abort().catch(() => undefined);
        throw error;
      }
    },
    async remove(keys) {
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        const Objects = keys.slice(i, i + DELETE_BATCH).map((key) => ({ Key: full(key) }));
        await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects, Quiet: true } }));
      }
    },
  };
}
