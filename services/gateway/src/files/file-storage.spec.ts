import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { FileStorage, signV4 } from './file-storage';

describe('FileStorage on local disk', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'storage-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stores under random names, opens only its own names, removes', async () => {
    const storage = new FileStorage(dir);
    const name = await storage.save('works', Buffer.from('%PDF-1.4'), 'pdf');
    expect(name).toMatch(/^[0-9a-f]{32}\.pdf$/);
    const file = (await storage.open('works', name))!;
    expect(file.size).toBe(8);
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('%PDF-1.4');
    expect(await storage.open('works', '../../etc/passwd')).toBeNull();
    expect(await storage.open('secrets', name)).toBeNull();
    await storage.remove('works', name);
    expect(await storage.open('works', name)).toBeNull();
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
