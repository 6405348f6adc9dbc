import type { RoundScoreColumn } from '@cmp/contracts';
import { expertFileName, fileView, myReviewStatus, nextStatus, scoreProblems, weightedTotal, withoutIdentity } from './sheet-rules';

const columns: RoundScoreColumn[] = [
  { name: 'Innovation', max: 10, step: 0.5, weight: 60, rubric: '' },
  { name: 'Presentation', max: 20, step: 1, weight: 40, rubric: '' },
];

describe('scoreProblems', () => {
  it('accepts scores on the step within the max, including 0 and the max', () => {
    expect(scoreProblems(columns, [7.5, 20], true)).toEqual([]);
    expect(scoreProblems(columns, [0, 0], true)).toEqual([]);
    expect(scoreProblems(columns, [10, 13], true)).toEqual([]);
  });

  it('accepts a decimal step without float noise', () => {
    const tenths: RoundScoreColumn[] = [{ name: 'A', max: 1, step: 0.1, weight: 100, rubric: '' }];
    expect(scoreProblems(tenths, [0.3], true)).toEqual([]);
    expect(scoreProblems(tenths, [0.1 + 0.2], true)).toEqual([]);
    expect(scoreProblems(tenths, [0.35], true)).toEqual(['A: the score must be a multiple of 0.1']);
  });

  it('names the column and what to fix for each bad score', () => {
    expect(scoreProblems(columns, [10.5, -1], true)).toEqual([
      'Innovation: the score must be between 0 and 10',
      'Presentation: the score must be between 0 and 20',
    ]);
    expect(scoreProblems(columns, [7.3, 2.5], true)).toEqual([
      'Innovation: the score must be a multiple of 0.5',
      'Presentation: the score must be a multiple of 1',
    ]);
    expect(scoreProblems(columns, ['7', Number.NaN], false)).toEqual([
      'Innovation: the score must be a number',
      'Presentation: the score must be a number',
    ]);
  });

  it('lets a draft leave columns empty but not a submit', () => {
    expect(scoreProblems(columns, [null, 5], false)).toEqual([]);
    expect(scoreProblems(columns, [null, 5], true)).toEqual(['Innovation: a score is required to submit']);
  });

  it('refuses a list of the wrong shape', () => {
    expect(scoreProblems(columns, [1], false)).toEqual(['scores must have 2 entries, one per column (got 1)']);
    expect(scoreProblems(columns, { a: 1 }, false)).toEqual(['scores must be a list with one score per column']);
  });
});

describe('weightedTotal', () => {
  it('weighs each column by its share of 100', () => {
    expect(weightedTotal(columns, [10, 20])).toBe(100);
    expect(weightedTotal(columns, [7.5, 10])).toBe(65);
    expect(weightedTotal(columns, [0, 0])).toBe(0);
  });

  it('rounds to 2 decimals', () => {
    const thirds: RoundScoreColumn[] = [{ name: 'A', max: 3, step: 1, weight: 100, rubric: '' }];
    expect(weightedTotal(thirds, [1])).toBe(33.33);
  });

  it('is null until every column is scored', () => {
    expect(weightedTotal(columns, [7.5, null])).toBeNull();
  });
});

describe('nextStatus', () => {
  it('lets an expert save and submit a new, draft or returned sheet', () => {
    expect(nextStatus(null, 'save')).toBe('draft');
    expect(nextStatus('draft', 'save')).toBe('draft');
    expect(nextStatus('returned', 'save')).toBe('returned');
    expect(nextStatus(null, 'submit')).toBe('submitted');
    expect(nextStatus('draft', 'submit')).toBe('submitted');
    expect(nextStatus('returned', 'submit')).toBe('submitted');
  });

  it('locks a submitted sheet until it is returned', () => {
    expect(nextStatus('submitted', 'save')).toBeNull();
    expect(nextStatus('submitted', 'submit')).toBeNull();
    expect(nextStatus('submitted', 'return')).toBe('returned');
    expect(nextStatus('submitted', 'confirm')).toBe('submitted');
  });

  it('returns and confirms only submitted sheets', () => {
    for (const from of [null, 'draft', 'returned'] as const) {
      expect(nextStatus(from, 'return')).toBeNull();
      expect(nextStatus(from, 'confirm')).toBeNull();
    }
  });
});

describe('what an expert sees', () => {
  it('labels a work without a sheet as not started', () => {
    expect(myReviewStatus(null)).toBe('notStarted');
    expect(myReviewStatus('returned')).toBe('returned');
  });

  it('shows PDF and images inline, plays video, downloads the rest', () => {
    expect(fileView('report.PDF')).toBe('pdf');
    expect(fileView('photo.jpeg')).toBe('image');
    expect(fileView('demo.mp4')).toBe('video');
    expect(fileView('source.zip')).toBe('download');
    expect(fileView('README')).toBe('download');
  });

  it('replaces file names in blind rounds, keeping only the extension', () => {
    expect(expertFileName('清华大学-张三-报告.PDF', true, 42, 0)).toBe('work-42-1.pdf');
    expect(expertFileName('no-extension', true, 42, 2)).toBe('work-42-3');
    expect(expertFileName('清华大学-张三-报告.pdf', false, 42, 0)).toBe('清华大学-张三-报告.pdf');
  });

  it('drops members, advisers and schools in blind rounds only', () => {
    const item = { workTitle: 'Robot', members: ['张三'], advisers: ['李四'], schools: ['清华大学'] };
    expect(withoutIdentity(item, true)).toEqual({ workTitle: 'Robot' });
    expect(JSON.stringify(withoutIdentity(item, true))).not.toMatch(/张三|李四|清华/);
    expect(withoutIdentity(item, false)).toEqual(item);
  });
});
