import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import * as path from 'node:path';

/** Folders of stored files, one per kind; the kind is part of a file's public address. */
export const STORAGE_KINDS = ['images'] as const;
export type StorageKind = (typeof STORAGE_KINDS)[number];

/** Names we give files: 32 random hex digits and a checked extension; anything else is not ours. */
const NAME_PATTERN = /^[0-9a-f]{32}\.[a-z0-9]{1,8}$/;

/**
 * Uploaded files on local disk, outside any web root, under random names (nothing a user typed reaches
 * the file system). Generic on purpose: news images today, sign-up works later. A deployment with
 * several gateways points STORAGE_DIR at shared storage.
 */
export class FileStorage {
  constructor(private readonly root: string) {}

  /** Writes the bytes under a fresh name (written to a temporary name first, so readers never see half a file). */
  async save(kind: StorageKind, data: Buffer, ext: string): Promise<string> {
    const dir = path.join(this.root, kind);
    await mkdir(dir, { recursive: true });
    const name = `${randomBytes(16).toString('hex')}.${ext}`;
    const tmp = path.join(dir, `.${name}.tmp`);
    await writeFile(tmp, data, { flag: 'wx' });
    await rename(tmp, path.join(dir, name));
    return name;
  }

  /** A stored file to stream, or null when the name is not one of ours or the file is gone. */
  async open(kind: string, name: string): Promise<{ stream: ReadStream; size: number } | null> {
    if (!(STORAGE_KINDS as readonly string[]).includes(kind) || !NAME_PATTERN.test(name)) return null;
    const file = path.join(this.root, kind, name);
    try {
      const s = await stat(file);
      if (!s.isFile()) return null;
      return { stream: createReadStream(file), size: s.size };
    } catch {
      return null;
    }
  }
}

export const FILE_STORAGE = Symbol('FILE_STORAGE');
