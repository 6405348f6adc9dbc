import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { FileStorage } from './file-storage';

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
