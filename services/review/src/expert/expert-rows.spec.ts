import { checkExpertRows } from './expert-rows';

describe('checkExpertRows', () => {
  const lookups = { libraryPhones: new Set(['13900000009']) };

  it('accepts a good row and splits its lists on Chinese and English commas', () => {
    const { errors, checked } = checkExpertRows(
      [{ rowNumber: 2, name: '李教授', phone: '13900000001', subjects: '计算机, 人工智能，计算机', keywords: '图像；视觉' }],
      lookups,
      'zh-CN',
    );
    expect(errors).toEqual([]);
    expect(checked[0]).toMatchObject({ name: '李教授', subjects: ['计算机', '人工智能'], keywords: ['图像', '视觉'], email: '' });
  });

  it('reports every bad row with its field, in the caller language', () => {
    const { errors, checked } = checkExpertRows(
      [
        { rowNumber: 2, name: '', phone: '12345' },
        { rowNumber: 3, name: 'A', phone: '13900000002', email: 'not-an-email' },
        { rowNumber: 4, name: 'B', phone: '13900000002' },
        { rowNumber: 5, name: 'C', phone: '13900000009' },
      ],
      lookups,
      'en',
    );
    expect(checked).toEqual([]);
    expect(errors).toEqual([
      { rowNumber: 2, field: 'name', message: 'Name is required' },
      { rowNumber: 2, field: 'phone', message: 'The phone number must be 11 digits starting with 1' },
      { rowNumber: 3, field: 'email', message: 'The email address is not valid' },
      { rowNumber: 4, field: 'phone', message: 'Duplicates row 3' },
      { rowNumber: 5, field: 'phone', message: 'C (13900000009) is already in the expert library' },
    ]);
  });
});
