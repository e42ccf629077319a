import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer, text } from "node:stream/consumers";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detectFileType, isAllowedType, safeFileName } from "../src/storage/file-types.js";
import { createLocalStorage } from "../src/storage/local.js";
import { BACKUP_ARCHIVES_PREFIX, createS3Storage } from "../src/storage/s3.js";
import { parseRange } from "../src/storage/send-file.js";
import { createUrlSigner } from "../src/storage/signed-urls.js";
import type { Storage } from "../src/storage/storage.js";
import { startS3Server } from "./support/s3-server.js";

const PNG_HEAD = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

describe("local storage", () => {
  const root = mkdtempSync(path.join(tmpdir(), "lms-storage-"));
  storageContract(
    () => createLocalStorage(root),
    async () => readdirSync(path.join(root, ".tmp")),
  );

  it("never resolves a key outside its root", () => {
    expect(() => createLocalStorage(root).read("../../etc/passwd")).toThrow();
    expect(existsSync(root)).toBe(true);
  });
});

describe("S3-compatible storage (s3rver)", () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let storage: Storage;
  beforeAll(async () => {
    s3 = await startS3Server();
    storage = createS3Storage(s3.options);
  });
  afterAll(() => s3.close());
  const objects = async () => {
    const client = new S3Client(s3.options.client);
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.options.bucket }));
    return (listed.Contents ?? []).map((object) => object.Key);
  };
  storageContract(() => storage, objects);

  it("keeps backup archives under backups/ of the same bucket, apart from the uploads a backup copies", async () => {
    const uploads = createS3Storage(s3.options, { hiddenPrefixes: [BACKUP_ARCHIVES_PREFIX] });
    const archives = createS3Storage(s3.options, { keyPrefix: BACKUP_ARCHIVES_PREFIX });
    const file = await uploads.put(Readable.from([Buffer.from("lesson")]), { prefix: "lessons", maxBytes: 1024 });
    const archive = await archives.put(Readable.from([Buffer.from("archive")]), { prefix: "archives", maxBytes: 1024 });
    expect(await objects()).toEqual(expect.arrayContaining([file.key, `${BACKUP_ARCHIVES_PREFIX}${archive.key}`]));

    const listed = async (storage: Storage) => {
      const keys: string[] = [];
      for await (const key of storage.list()) keys.push(key);
      return keys;
    };
    expect(await listed(uploads)).toContain(file.key);
    expect(await listed(uploads)).not.toContain(`${BACKUP_ARCHIVES_PREFIX}${archive.key}`);
    expect(await listed(archives)).toEqual([archive.key]);
    expect((await buffer(archives.read(archive.key))).toString()).toBe("archive");
    expect(await archives.size(archive.key)).toBe(7);
    expect(await uploads.size(archive.key)).toBeNull();

    await archives.remove([archive.key]);
    await uploads.remove([file.key]);
    expect(await objects()).not.toContain(`${BACKUP_ARCHIVES_PREFIX}${archive.key}`);
  });

  it("streams an upload of several parts and reads any range of it", async () => {
    // 28 MB: four parts of 8 MB (the last one short), each 4 MB block filled with its number.
    const block = 4 * 1024 * 1024;
    const source = Readable.from(
      (function* () {
        for (let i = 0; i < 7; i++) yield Buffer.alloc(block, i);
      })(),
    );
    const put = await storage.put(source, { prefix: "recordings", maxBytes: 64 * 1024 * 1024 });
    expect(put.size).toBe(7 * block);
    expect(await storage.size(put.key)).toBe(put.size);
    const middle = await buffer(storage.read(put.key, { start: 5 * block - 2, end: 5 * block + 1 }));
    expect([...middle]).toEqual([4, 4, 5, 5]);
    await storage.remove([put.key]);
  });

  it("fails a read of a missing key as a stream error", async () => {
    await expect(text(storage.read("lessons/000000000000000000000000"))).rejects.toThrow();
  });
});

/** What every storage promises (storage.ts); `leftovers` lists what a failed upload might have left. */
function storageContract(storageOf: () => Storage, leftovers: () => Promise<unknown[]>) {
  it("stores a stream under a generated key, reads it back whole and by range, and removes it", async () => {
    const storage = storageOf();
    const put = await storage.put(Readable.from([Buffer.from("hello "), Buffer.from("world")]), {
      prefix: "lessons",
      maxBytes: 100,
    });
    expect(put.key).toMatch(/^lessons\/[0-9a-f]{24}$/);
    expect(put.size).toBe(11);
    expect(put.head.toString()).toBe("hello world");
    expect(await text(storage.read(put.key))).toBe("hello world");
    expect(await text(storage.read(put.key, { start: 6, end: 10 }))).toBe("world");
    await storage.remove([put.key]);
    expect(await storage.size(put.key)).toBeNull();
  });

  it("lists every stored key (not the temporary folder) and stores a file under a given key", async () => {
    const own = createLocalStorage(mkdtempSync(path.join(tmpdir(), "lms-storage-list-")));
    const put = await own.put(Readable.from([Buffer.from("a")]), { prefix: "lessons", maxBytes: 10 });
    await own.putAt("materials/nested/b", Readable.from([Buffer.from("first")]));
    await own.putAt("materials/nested/b", Readable.from([Buffer.from("second")]));
    const keys: string[] = [];
    for await (const key of own.list()) keys.push(key);
    expect(keys).toEqual([put.key, "materials/nested/b"]);
    expect(await text(own.read("materials/nested/b"))).toBe("second");
    await expect(own.putAt("../escape", Readable.from([Buffer.from("x")]))).rejects.toThrow("Invalid storage key");
  });

  it("refuses content over the limit with 413 and leaves no file behind", async () => {
    const big = Readable.from(
      (function* () {
        for (let i = 0; i < 100; i++) yield Buffer.alloc(1024, 1);
      })(),
    );
    await expect(storageOf().put(big, { prefix: "lessons", maxBytes: 10 * 1024 })).rejects.toMatchObject({
      statusCode: 413,
    });
    expect(await leftovers()).toEqual([]);
  });

  it("leaves nothing behind when the source fails midway", async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024));
        this.destroy(new Error("client went away"));
      },
    });
    await expect(storageOf().put(failing, { prefix: "lessons", maxBytes: 1e6 })).rejects.toThrow();
    expect(await leftovers()).toEqual([]);
  });
}

describe("file types and names", () => {
  it("detects type from content, not from the name", async () => {
    expect(await detectFileType(PNG_HEAD, "holiday.pdf")).toEqual({ ext: "png", mime: "image/png" });
    expect(await detectFileType(Buffer.from("%PDF-1.4\n"), "x.png")).toMatchObject({ ext: "pdf" });
    expect(await detectFileType(Buffer.from("a,b\n1,2\n"), "data.csv")).toEqual({ ext: "csv", mime: "text/csv" });
    expect(await detectFileType(Buffer.from([0, 1, 2, 3, 255]), "x.mp4")).toMatchObject({ ext: "bin" });
  });

  it("checks detected types against the allowed list, with aliases", () => {
    expect(isAllowedType({ ext: "jpg", mime: "image/jpeg" }, ["jpeg"])).toBe(true);
    expect(isAllowedType({ ext: "png", mime: "image/png" }, ["pdf", "jpg"])).toBe(false);
  });

  it("reduces a malicious file name to a harmless display name", () => {
    expect(safeFileName("../../etc/passwd")).toBe("passwd");
    expect(safeFileName("..\\..\\windows\\system.ini")).toBe("system.ini");
    expect(safeFileName("a\u0000b\nc.pdf")).toBe("abc.pdf");
    expect(safeFileName("..")).toBe("file");
  });
});

describe("range parsing and signed urls", () => {
  it("parses single byte ranges and refuses unsatisfiable ones", () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange("bytes=0-9", 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=100-", 100)).toBe("invalid");
    expect(parseRange("items=1-2", 100)).toBe("invalid");
  });

  it("verifies its own signatures only, for the same path, until they expire", () => {
    const signer = createUrlSigner("secret");
    const url = new URL(signer.sign("/api/media/abc", 60), "http://x");
    const [expires, sig] = [url.searchParams.get("expires") ?? "", url.searchParams.get("sig") ?? ""];
    expect(signer.verify("/api/media/abc", expires, sig)).toBe(true);
    expect(signer.verify("/api/media/other", expires, sig)).toBe(false);
    expect(createUrlSigner("other").verify("/api/media/abc", expires, sig)).toBe(false);
    expect(signer.verify("/api/media/abc", "1", sig)).toBe(false);
  });
});

describe("ids", () => {
  it("are 24 lowercase hex characters and sort in creation order within one second", async () => {
    const { newId } = await import("../src/db/ids.js");
    const ids = Array.from({ length: 1000 }, () => newId());
    expect(ids.every((id) => /^[0-9a-f]{24}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(1000);
    const sameSecond = ids.filter((id) => id.slice(0, 8) === ids[0].slice(0, 8));
    expect([...sameSecond].sort()).toEqual(sameSecond);
  });
});
