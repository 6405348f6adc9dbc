import { AppError } from '@cmp/common';
import { missingFields, normaliseProfile } from './profile';

describe('normaliseProfile', () => {
  it('trims, drops empties and takes the gender from the identity number', () => {
    expect(normaliseProfile({ realName: ' 陈同学 ', college: '', idNumber: '11010519491231002x' })).toEqual({
      realName: '陈同学',
      idNumber: '11010519491231002X',
      gender: 2,
    });
  });

  it.each([
    ['1101051949123100', 'idcard.length'],
    ['110105194913310021', 'idcard.birth'],
  ])('refuses the identity number %s with %s', (idNumber, key) => {
    expect(() => normaliseProfile({ idNumber })).toThrow(expect.objectContaining({ key }) as AppError);
  });

  it('refuses a phone or email that is not one', () => {
    expect(() => normaliseProfile({ phone: '12345' })).toThrow(expect.objectContaining({ key: 'enroll.badPhone' }) as AppError);
    expect(() => normaliseProfile({ email: 'a@b' })).toThrow(expect.objectContaining({ key: 'enroll.badEmail' }) as AppError);
  });
});

describe('missingFields', () => {
  it('counts a school id or name as the school', () => {
    expect(missingFields({ schoolName: 'X' }, ['school', 'realName'])).toEqual(['realName']);
    expect(missingFields({ schoolId: 3, realName: 'a' }, ['school', 'realName'])).toEqual([]);
  });
});
