import { chooseWorkType, sniffWorkType } from './work-type';

const zip = (...names: string[]) =>
  Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), ...names.map((n) => Buffer.from(n, 'latin1'))]);

describe('sniffWorkType', () => {
  it('recognises each allowed kind by its bytes', () => {
    expect(sniffWorkType(Buffer.from('%PDF-1.7\n'))?.types).toEqual(['pdf']);
    expect(sniffWorkType(Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypmp42')]))?.types).toEqual(['mp4']);
    expect(sniffWorkType(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))?.types).toEqual(['doc', 'ppt']);
    expect(sniffWorkType(zip('[Content_Types].xml', 'word/document.xml'))?.types).toEqual(['docx', 'zip']);
    expect(sniffWorkType(zip('[Content_Types].xml', 'ppt/slides/slide1.xml'))?.types).toEqual(['pptx', 'zip']);
    expect(sniffWorkType(zip('readme.txt'))?.types).toEqual(['zip']);
  });

  it('refuses a script or page whatever it is called', () => {
    expect(sniffWorkType(Buffer.from('<html><script>alert(1)</script>'))).toBeNull();
    expect(sniffWorkType(Buffer.from('MZ\x90\x00'))).toBeNull();
    // An HEIC photo is an ISO media file too, but not an MP4 video.
    expect(sniffWorkType(Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypheic')]))).toBeNull();
  });
});

describe('chooseWorkType', () => {
  it('keeps the name when the content allows it, else the most specific allowed type', () => {
    const docx = sniffWorkType(zip('[Content_Types].xml', 'word/document.xml'));
    expect(chooseWorkType(docx, 'plan.zip', ['docx', 'zip'])).toBe('zip');
    expect(chooseWorkType(docx, 'plan.bin', ['docx', 'zip'])).toBe('docx');
    expect(chooseWorkType(docx, 'plan.docx', ['pdf'])).toBeNull();
    expect(chooseWorkType(sniffWorkType(Buffer.from('%PDF-')), 'x.pdf', ['pdf'])).toBe('pdf');
  });
});
