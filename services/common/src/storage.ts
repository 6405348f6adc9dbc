import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { Env, findRepoRoot } from './config';

/*
 * Stored files (uploads, rendered certificates), behind one interface so that every process that writes or reads
 * them (the gateways, the certificates workers) can run on any machine: on local disk for one machine, on an
 * S3-compatible store for several.
 */

export interface StoredFile {
  stream: Readable;
  size: number;
}

/** Where the bytes live. A key is a relative path such as `images/<name>` or `certificates/<batch>/<id>.pdf`. */
export interface StorageBackend {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none (or the key is not a key). */
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
}

// Segments of letters, digits, `_ - .`, never starting with a dot: no `..`, no hidden (temporary) files.
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Whether a key can name a stored file; keys that come from elsewhere are checked before use. */
export function isStorageKey(key: string): boolean {
  return key.length <= 512 && KEY_PATTERN.test(key);
}

function checkKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
}

/*
 * The key layout. Files already stored depend on it: never change it without moving them.
 */
/** Public address of the gateway's stored files (under its global prefix /prod-api). */
export const STORED_FILE_URL_BASE = '/prod-api/file';
/** Key of an uploaded file of a kind (`images`, `works`). */
export const storedFileKey = (kind: string, name: string): string => `${kind}/${name}`;
/** The public address the gateway gives an uploaded image and serves it under. */
export const storedImageUrl = (name: string): string => `${STORED_FILE_URL_BASE}/${storedFileKey('images', name)}`;
const STORED_IMAGE_URL = /^\/prod-api\/file\/images\/([0-9a-f]{32}\.(png|jpg|gif|webp))$/;
/** The key of an image the gateway stored, from its address; null for any other address. */
export function storedImageKey(url: string | null | undefined): string | null {
  const m = url ? STORED_IMAGE_URL.exec(url) : null;
  return m ? storedFileKey('images', m[1]) : null;
}
/** An uploaded Alipay bill: stored by the gateway for the payment service to read, and removed after the call. */
export const uploadedBillKey = (name: string): string => storedFileKey('bills', name);
/** A rendered certificate file (`pdf`, `png`) of a batch. */
export const certificateFileKey = (batchId: number, certificateId: number, ext: 'pdf' | 'png'): string =>
  `certificates/${batchId}/${certificateId}.${ext}`;
/** A competition's statistics report (数据报告), by its id and when it was asked for (ids start again in a fresh database). */
export const reportFileKey = (reportId: number, createdAt: Date): string => `reports/${reportId}-${createdAt.getTime()}.pdf`;
/** A printed receipt (收据), by its number: printed again (refunds change it) under the same name. */
export const receiptFileKey = (receiptNo: string): string => `receipts/${receiptNo}.pdf`;

/** Local disk (the default), outside any web root: one machine, or several sharing the folder. */
export class LocalDiskBackend implements StorageBackend {
  constructor(private readonly root: string) {}

  async put(key: string, data: Buffer): Promise<void> {
    checkKey(key);
    const file = path.join(this.root, key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written to a temporary name of its own first, so readers never see half a file and two writers of the same
    // key (a job handed to another worker) never write into one temporary file.
    const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
    await writeFile(tmp, data, { flag: 'wx' });
    await rename(tmp, file);
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isStorageKey(key)) return null;
    const file = path.join(this.root, key);
    try {
      const s = await stat(file);
      if (!s.isFile()) return null;
      return { stream: createReadStream(file), size: s.size };
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    await unlink(path.join(this.root, key)).catch(() => undefined);
  }
}

export interface S3Options {
  /** e.g. https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000 (MinIO); path-style addressing. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * An S3-compatible object store (AWS S3, MinIO, Ceph...), path-style, signed with AWS Signature V4 by
 * hand so no SDK is needed. Objects stay private: the gateway streams them to allowed callers.
 * Not exercised by the test suite (no object store on the test machines); see docs/decisions.md.
 */
export class S3Backend implements StorageBackend {
  constructor(private readonly o: S3Options) {}

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    checkKey(key);
    const res = await this.send('PUT', key, data, { 'content-type': contentType });
    if (!res.ok) throw new Error(`S3 PUT ${key}: ${res.status} ${await res.text()}`);
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isStorageKey(key)) return null;
    const res = await this.send('GET', key);
    if (res.status === 404 || res.status === 403) return null;
    if (!res.ok || !res.body) throw new Error(`S3 GET ${key}: ${res.status}`);
    return { stream: Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), size: Number(res.headers.get('content-length') ?? 0) };
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    await this.send('DELETE', key);
  }

  private send(method: string, key: string, body?: Buffer, extra: Record<string, string> = {}): Promise<Response> {
    const url = new URL(`${this.o.endpoint.replace(/\/$/, '')}/${this.o.bucket}/${key}`);
    const headers = signV4({ method, url, body: body ?? Buffer.alloc(0), headers: extra, ...this.o, now: new Date() });
    return fetch(url, { method, headers, body: body as Uint8Array<ArrayBuffer> | undefined });
  }
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** AWS Signature Version 4 headers of one request (service "s3", payload hashed). */
export function signV4(o: {
  method: string;
  url: URL;
  body: Buffer;
  headers: Record<string, string>;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  now: Date;
}): Record<string, string> {
  const amzDate = o.now.toISOString().replace(/[:-]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = { ...o.headers, host: o.url.host, 'x-amz-date': amzDate, 'x-amz-content-sha256': sha256(o.body) };
  const names = Object.keys(headers).map((h) => h.toLowerCase()).sort();
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v.trim()]));
  const canonical = [o.method, o.url.pathname, o.url.searchParams.toString(), ...names.map((n) => `${n}:${lower[n]}`), '', names.join(';'), lower['x-amz-content-sha256']].join('\n');
  const scope = `${day}/${o.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${o.secretAccessKey}`, day), o.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return { ...headers, authorization: `AWS4-HMAC-SHA256 Credential=${o.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}` };
}

/** Where stored files live: local disk (one machine, or a shared folder) or an S3-compatible store (any number). */
export type StorageConfig = { driver: 'local'; dir: string } | ({ driver: 's3' } & S3Options);

/** STORAGE_DRIVER (local | s3), STORAGE_DIR for local, S3_* for s3; the same variables in every service. */
export function readStorageConfig(env: Env): StorageConfig {
  const driver = env.oneOf('STORAGE_DRIVER', ['local', 's3'], 'local');
  if (driver === 's3') {
    return {
      driver: 's3',
      endpoint: env.string('S3_ENDPOINT'),
      bucket: env.string('S3_BUCKET'),
      region: env.string('S3_REGION', 'us-east-1'),
      accessKeyId: env.string('S3_ACCESS_KEY_ID'),
      secretAccessKey: env.string('S3_SECRET_ACCESS_KEY'),
    };
  }
  return { driver: 'local', dir: path.resolve(env.string('STORAGE_DIR', path.join(findRepoRoot(), '.data', 'storage'))) };
}

export function storageBackend(config: StorageConfig): StorageBackend {
  return config.driver === 's3' ? new S3Backend(config) : new LocalDiskBackend(config.dir);
}
