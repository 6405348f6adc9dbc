import { checkSchoolRows, findProvince } from './school-rows';

const provinces = [
  { code: '330000', name: '浙江省', nameEn: 'Zhejiang' },
  { code: '450000', name: '广西壮族自治区', nameEn: 'Guangxi' },
  { code: '110000', name: '北京市', nameEn: 'Beijing' },
];
const schoolTypes = [
  { value: '1', label: '本科院校', labelEn: 'Undergraduate university' },
  { value: '2', label: '高职（专科）院校', labelEn: 'Vocational college' },
];

describe('findProvince', () => {
  it('accepts a code, a full or short Chinese name, or an English name', () => {
    expect(findProvince('330000', provinces)?.code).toBe('330000');
    expect(findProvince('浙江', provinces)?.code).toBe('330000');
    expect(findProvince('广西', provinces)?.code).toBe('450000');
    expect(findProvince(' beijing ', provinces)?.code).toBe('110000');
    expect(findProvince('火星', provinces)).toBeUndefined();
    expect(findProvince('', provinces)).toBeUndefined();
  });
});

describe('checkSchoolRows', () => {
  const lookups = { provinces, schoolTypes, takenCodes: new Set(['10335']) };

  it('turns good rows into schools with codes for province and type', () => {
    const r = checkSchoolRows([{ rowNumber: 2, name: '示例大学', code: 'S001', province: '浙江省', schoolType: 'Undergraduate university' }], lookups, 'en');
    expect(r.errors).toEqual([]);
    expect(r.checked).toEqual([{ rowNumber: 2, name: '示例大学', nameEn: '', code: 'S001', provinceCode: '330000', schoolType: '1' }]);
  });

  it('names every problem of every row in the caller language', () => {
    const r = checkSchoolRows(
      [
        { rowNumber: 2, name: '', code: 'bad code!', province: '火星', schoolType: '幼儿园' },
        { rowNumber: 3, name: '甲', code: '10335', province: '浙江', schoolType: '1' },
        { rowNumber: 4, name: '乙', code: 'S9', province: '浙江', schoolType: '1' },
        { rowNumber: 5, name: 'x'.repeat(101), code: 'S9', province: '浙江', schoolType: '1' },
      ],
      lookups,
      'en',
    );
    expect(r.errors).toEqual([
      { rowNumber: 2, field: 'name', message: 'School name is required' },
      { rowNumber: 2, field: 'code', message: 'The school code must be 2 to 32 letters, digits, _ or -' },
      { rowNumber: 2, field: 'province', message: 'No such province: 火星' },
      { rowNumber: 2, field: 'schoolType', message: 'No such school type: 幼儿园' },
      { rowNumber: 3, field: 'code', message: 'The school code 10335 is already taken' },
      { rowNumber: 5, field: 'name', message: 'School name must be at most 100 characters' },
      { rowNumber: 5, field: 'code', message: 'Duplicates row 4' },
    ]);
    expect(r.checked.map((c) => c.rowNumber)).toEqual([4]);
  });

  it('speaks Chinese by default', () => {
    const r = checkSchoolRows([{ rowNumber: 2, code: 'S1', province: '浙江', schoolType: '1' }], lookups, 'zh-CN');
    expect(r.errors[0].message).toBe('学校名称不能为空');
  });
});
