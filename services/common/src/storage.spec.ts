import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { Env } from './config';
import {
  LocalDiskBackend,
  certificateFileKey,
  isStorageKey,
  readStorageConfig,
  signV4,
  storageBackend,
  storedFileKey,
  storedImageKey,
  storedImageUrl,
  type StorageBackend,
} from './storage';

const read = async (backend: StorageBackend, key: string) => {
  const file = await backend.get(key);
  return file && { size: file.size, data: await buffer(file.stream) };
};

describe('stored files shared by the gateway and the certificates worker', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'storage-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // Two processes with the same settings, each with its own backend (as on two machines sharing the store).
  const backendOf = () => storageBackend(readStorageConfig(new Env({ STORAGE_DIR: dir })));
  const gateway = backendOf();
  const worker = backendOf();

  it('resolves an uploaded image to the same key on both sides', async () => {
    const name = `${'ab'.repeat(16)}.png`;
    // Gateway: stores the upload under its kind and answers its address.
    await gateway.put(storedFileKey('images', name), Buffer.from('png bytes'), 'image/png');
    const url = storedImageUrl(name);
    expect(url).toBe(`/prod-api/file/images/${name}`);
    // Worker: finds the image of a seal or design by that address.
    const key = storedImageKey(url)!;
    expect(key).toBe(`images/${name}`);
    expect(await read(worker, key)).toEqual({ size: 9, data: Buffer.from('png bytes') });
    // The layout on disk that existing files have.
    expect(readFileSync(path.join(dir, 'images', name), 'utf8')).toBe('png bytes');
  });

  it('resolves a rendered certificate to the same key on both sides', async () => {
    // Worker: writes the file and records its key (pdf_path); gateway: streams by that key.
    const key = certificateFileKey(12, 345, 'pdf');
    expect(key).toBe('certificates/12/345.pdf');
    await worker.put(key, Buffer.from('%PDF-1.4'), 'application/pdf');
    expect(await read(gateway, key)).toEqual({ size: 8, data: Buffer.from('%PDF-1.4') });
    expect(existsSync(path.join(dir, 'certificates', '12', '345.pdf'))).toBe(true);
    // Rendering again (a retried job) replaces the file.
    await worker.put(key, Buffer.from('%PDF-1.7'), 'application/pdf');
    expect((await read(gateway, key))?.data.toString()).toBe('%PDF-1.7');
  });

  it('knows only addresses and keys of its own', async () => {
    expect(storedImageKey('/prod-api/file/images/../secret.png')).toBeNull();
    expect(storedImageKey('https://example.com/a.png')).toBeNull();
    expect(storedImageKey(null)).toBeNull();
    for (const bad of ['../etc/passwd', '/etc/passwd', 'certificates/../../x', 'images/.a.tmp', '', 'a//b']) {
      expect(isStorageKey(bad)).toBe(false);
      expect(await gateway.get(bad)).toBeNull();
    }
    await expect(worker.put('../x', Buffer.from('x'), 'text/plain')).rejects.toThrow('not a storage key');
    expect(await gateway.get('certificates/12/999.pdf')).toBeNull();
  });

  it('deletes', async () => {
    const backend = new LocalDiskBackend(dir);
    await backend.put('works/x.pdf', Buffer.from('x'), 'application/pdf');
    await backend.delete('works/x.pdf');
    expect(await backend.get('works/x.pdf')).toBeNull();
  });
});

describe('readStorageConfig', () => {
  it('is local disk by default, S3 when asked, and says what is wrong', () => {
    expect(readStorageConfig(new Env({ STORAGE_DIR: '/srv/files' }))).toEqual({ driver: 'local', dir: '/srv/files' });
    const s3 = { STORAGE_DRIVER: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'cmp', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(readStorageConfig(new Env(s3))).toEqual({
      driver: 's3',
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'cmp',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
    });
    const env = new Env({ STORAGE_DRIVER: 'ftp' });
    readStorageConfig(env);
    expect(() => env.done()).toThrow('Invalid configuration:\n  - STORAGE_DRIVER must be local or s3, got "ftp"');
    const missing = new Env({ STORAGE_DRIVER: 's3' });
    readStorageConfig(missing);
    expect(() => missing.done()).toThrow(/S3_ENDPOINT is required[\s\S]*S3_BUCKET is required/);
  });
});

describe('signV4 (S3 requests)', () => {
  it("matches AWS's documented example (GET Object with a Range header)", () => {
    const headers = signV4({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      body: Buffer.alloc(0),
      headers: { range: 'bytes=0-9' },
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      now: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});
