import zhCN from '@/app/i18n/certificate-designer/zh-CN';
import { starterDesign } from '../templates/starters';
import { fromService, numberingFor, toServiceSave } from './template-mapping';

describe('certificate service template mapping', () => {
  const design = starterDesign('award1', zhCN, '甲'); // prints a randomCode number

  it('reads a service template, with or without its design', () => {
    expect(fromService({ id: 7, name: '甲', category: 'award1', updatedAt: 'T', numbering: { variant: 'randomCode' } })).toEqual({
      id: '7',
      title: '甲',
      categoryId: 'award1',
      design: undefined,
      numbering: { variant: 'randomCode' },
      updatedAt: 'T',
    });
    expect(fromService({ id: 7, name: '甲', category: 'award1', updatedAt: 'T', design }).design).toBe(design);
  });

  it('numbers as the design prints, keeping prefix, suffix and random digits', () => {
    expect(numberingFor(design)).toEqual({ variant: 'randomCode' });
    expect(numberingFor(design, { variant: 'randomDigits', prefix: 'CMP-', suffix: '-A' })).toEqual({ variant: 'randomDigits', prefix: 'CMP-', suffix: '-A' });
    const four = { ...design, slides: [{ ...design.slides[0], elements: design.slides[0].elements.map((el) => (el.code === 'randomCode' ? { ...el, code: 'allAutoincrementFour' as const } : el)) }] };
    expect(numberingFor(four, { variant: 'randomDigits' })).toEqual({ variant: 'allAutoincrementFour' });
    const none = { ...design, slides: [{ id: '1', elements: [] }] };
    expect(numberingFor(none)).toEqual({ variant: 'randomCode' });
    expect(numberingFor(none, { variant: 'autoincrementThree' })).toEqual({ variant: 'autoincrementThree' });
  });

  it('adds new templates and updates saved ones, filing blank designs by orientation', () => {
    expect(toServiceSave({ design, categoryId: 'award1' })).toMatchObject({ name: '甲', category: 'award1', numbering: { variant: 'randomCode' } });
    expect(toServiceSave({ design, categoryId: 'award1' })).not.toHaveProperty('id');
    expect(toServiceSave({ id: '12', design })).toMatchObject({ id: 12, category: 'award1' });
    // A local draft's id is not the service's.
    expect(toServiceSave({ id: 'Ab3_xY', design })).not.toHaveProperty('id');
    expect(toServiceSave({ design: { ...design, viewportRatio: 1.4114 } }).category).toBe('portraitWork');
  });
});
