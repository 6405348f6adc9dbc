import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { Readable } from 'node:stream';

/** Folders of stored files, one per kind; the kind is part of a file's address. */
export const STORAGE_KINDS = ['images', 'works'] as const;
export type StorageKind = (typeof STORAGE_KINDS)[number];
/** Kinds anyone may fetch by name (GET /file/:kind/:name). Works are private: their own routes check who asks. */
export const PUBLIC_KINDS: readonly StorageKind[] = ['images'];

/** Names we give files: 32 random hex digits and a checked extension; anything else is not ours. */
const NAME_PATTERN = /^[0-9a-f]{32}\.[a-z0-9]{1,8}$/;

export interface StoredFile {
  stream: Readable;
  size: number;
}

/** Where the bytes live. Keys are `<kind>/<name>`, both checked before a backend sees them. */
export interface StorageBackend {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
}

/** Local disk (the default), outside any web root. Several gateways point STORAGE_DIR at shared storage. */
export class LocalDiskBackend implements StorageBackend {
  constructor(private readonly root: string) {}

  async put(key: string, data: Buffer): Promise<void> {
    const file = path.join(this.root, key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written to a temporary name first, so readers never see half a file.
    const tmp = path.join(path.dirname(file), `.${path.basename(file)}.tmp`);
    await writeFile(tmp, data, { flag: 'wx' });
    await rename(tmp, file);
  }

  async get(key: string): Promise<StoredFile | null> {
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
 * hand so the gateway needs no SDK. Objects stay private: the gateway streams them to allowed callers.
 * Not exercised by the test suite (no object store on the test machines); see docs/decisions.md.
 */
export class S3Backend implements StorageBackend {
  constructor(private readonly o: S3Options) {}

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const res = await this.send('PUT', key, data, { 'content-type': contentType });
    if (!res.ok) throw new Error(`S3 PUT ${key}: ${res.status} ${await res.text()}`);
  }

  async get(key: string): Promise<StoredFile | null> {
    const res = await this.send('GET', key);
    if (res.status === 404 || res.status === 403) return null;
    if (!res.ok || !res.body) throw new Error(`S3 GET ${key}: ${res.status}`);
    return { stream: Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), size: Number(res.headers.get('content-length') ?? 0) };
  }

  async delete(key: string): Promise<void> {
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

/**
 * Uploaded files under random names (nothing a user typed reaches the store), on the backend chosen by
 * STORAGE_DRIVER: news images and avatars (public) and sign-up works (private).
 */
export class FileStorage {
  private readonly backend: StorageBackend;

  constructor(backend: StorageBackend | string) {
    this.backend = typeof backend === 'string' ? new LocalDiskBackend(backend) : backend;
  }

  async save(kind: StorageKind, data: Buffer, ext: string, contentType = 'application/octet-stream'): Promise<string> {
    const name = `${randomBytes(16).toString('hex')}.${ext}`;
    await this.backend.put(`${kind}/${name}`, data, contentType);
    return name;
  }

  /** A stored file to stream, or null when the name is not one of ours or the file is gone. */
  async open(kind: string, name: string): Promise<StoredFile | null> {
    if (!(STORAGE_KINDS as readonly string[]).includes(kind) || !NAME_PATTERN.test(name)) return null;
    return this.backend.get(`${kind}/${name}`);
  }

  async remove(kind: StorageKind, name: string): Promise<void> {
    if (NAME_PATTERN.test(name)) await this.backend.delete(`${kind}/${name}`);
  }
}

export const FILE_STORAGE = Symbol('FILE_STORAGE');
