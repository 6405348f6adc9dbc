import { randomBytes } from 'node:crypto';
import { LocalDiskBackend, storedFileKey, type StorageBackend, type StoredFile } from '@cmp/common';

/** Folders of stored files, one per kind; the kind is part of a file's address. */
export const STORAGE_KINDS = ['images', 'works', 'cvs', 'vouchers', 'bills', 'summaries'] as const;
export type StorageKind = (typeof STORAGE_KINDS)[number];
/**
 * Kinds anyone may fetch by name (GET /file/:kind/:name). Works, experts' CVs, payment vouchers and school summaries are private: their own routes check who asks;
 * uploaded bills are for the payment service only (uploadedBillKey).
 */
export const PUBLIC_KINDS: readonly StorageKind[] = ['images'];

/** Names we give files: 32 random hex digits and a checked extension; anything else is not ours. */
const NAME_PATTERN = /^[0-9a-f]{32}\.[a-z0-9]{1,8}$/;

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
    await this.backend.put(storedFileKey(kind, name), data, contentType);
    return name;
  }

  /** A stored file to stream, or null when the name is not one of ours or the file is gone. */
  async open(kind: string, name: string): Promise<StoredFile | null> {
    if (!(STORAGE_KINDS as readonly string[]).includes(kind) || !NAME_PATTERN.test(name)) return null;
    return this.backend.get(storedFileKey(kind, name));
  }

  async remove(kind: StorageKind, name: string): Promise<void> {
    if (NAME_PATTERN.test(name)) await this.backend.delete(storedFileKey(kind, name));
  }
}

export const FILE_STORAGE = Symbol('FILE_STORAGE');
/** The one storage backend (STORAGE_DRIVER): uploads go through FileStorage, certificate files are read by key. */
export const STORAGE_BACKEND = Symbol('STORAGE_BACKEND');
