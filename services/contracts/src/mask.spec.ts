import { maskIdNumber, maskPersonName } from './mask';

describe('maskPersonName', () => {
  it('keeps the first and last character of a Chinese name', () => {
    expect(maskPersonName('张小三')).toBe('张*三');
    expect(maskPersonName('欧阳小明')).toBe('欧**明');
    expect(maskPersonName('张三')).toBe('张*');
    expect(maskPersonName('张')).toBe('张');
  });

  it('masks Latin names word by word', () => {
    expect(maskPersonName(' Alice Wang ')).toBe('A***e W**g');
  });
});

describe('maskIdNumber', () => {
  it('shows the first and last four characters only', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('1101**********002X');
    expect(maskIdNumber('12345678')).toBe('********');
  });
});
