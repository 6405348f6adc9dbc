import { contentTypeOfStored, sniffImageType } from './image-type';

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniffImageType', () => {
  it('recognises PNG, JPEG, GIF and WebP by their signatures', () => {
    expect(sniffImageType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])))
      .toEqual({ ext: 'png', contentType: 'image/png' });
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))?.contentType).toBe('image/jpeg');
    expect(sniffImageType(bytes('GIF89a', [1, 0, 1, 0]))?.ext).toBe('gif');
    expect(sniffImageType(bytes('GIF87a'))?.ext).toBe('gif');
    expect(sniffImageType(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))?.ext).toBe('webp');
  });

  it('refuses anything else, whatever it is called', () => {
    expect(sniffImageType(bytes('<html><script>alert(1)</script></html>'))).toBeNull();
    expect(sniffImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(sniffImageType(bytes([0x89, 0x50, 0x4e]))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });

  it('serves stored images with the type their checked extension names', () => {
    expect(contentTypeOfStored('0123.webp')).toBe('image/webp');
    expect(contentTypeOfStored('0123.html')).toBeUndefined();
  });
});
