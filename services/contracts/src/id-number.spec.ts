import { IdNumberError, parseIdNumber } from './id-number';

describe('parseIdNumber', () => {
  const today = new Date(2026, 10, 21); // 21 Nov 2026

  it('reads birthday, age and gender', () => {
    expect(parseIdNumber('11010520000229123X', today)).toEqual({ birthday: '2000-02-29', age: 26, gender: 1 });
    expect(parseIdNumber('440305200811210028', today)).toEqual({ birthday: '2008-11-21', age: 18, gender: 2 });
  });

  it('counts the age only once the birthday has passed this year', () => {
    expect(parseIdNumber('440305200811220028', today).age).toBe(17);
  });

  it('takes gender from the parity of the 17th character', () => {
    expect(parseIdNumber('110105199001011011', today).gender).toBe(1);
    expect(parseIdNumber('110105199001011021', today).gender).toBe(2);
  });

  it.each([undefined, 12345, '', '11010519900101101', '1101051990010110111'])('refuses %p: not 18 characters', (bad) => {
    expect(() => parseIdNumber(bad, today)).toThrow(new IdNumberError('idcard.length', 'invalid ID number: must be an 18-character string'));
  });

  it.each(['110105199002301011', '110105199013011011', '11010519AB0101101X', '110105203001011011'])('refuses %s: no such birth date', (bad) => {
    expect(() => parseIdNumber(bad, today)).toThrow('invalid birth date');
  });
});
