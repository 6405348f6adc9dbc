import dayjs from 'dayjs';
import { CompetitionStatus, ParticipationMode } from '@cmp/contracts';
import { allowedActions, dayRangeToWindow, repeatedSchools, teamSizeOk, windowToDayRange } from './rules';

describe('competition screen rules', () => {
  it('turns a range of days into a window from the first day start to the last day end', () => {
    const w = dayRangeToWindow([dayjs('2026-12-01T15:30:00'), dayjs('2026-12-03T08:00:00')]);
    expect(dayjs(w.startAt!).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-12-01 00:00:00');
    expect(dayjs(w.endAt!).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-12-03 23:59:59');
    expect(dayRangeToWindow(null)).toEqual({ startAt: null, endAt: null });
    expect(windowToDayRange(w.startAt, w.endAt)?.map((d) => d.format('YYYY-MM-DD'))).toEqual(['2026-12-01', '2026-12-03']);
    expect(windowToDayRange(null, w.endAt)).toBeUndefined();
  });

  it('refuses a smallest team above the largest, except for individual sign-up', () => {
    expect(teamSizeOk(ParticipationMode.team, 5, 3)).toBe(false);
    expect(teamSizeOk(ParticipationMode.both, 3, 3)).toBe(true);
    expect(teamSizeOk(ParticipationMode.individual, 5, 3)).toBe(true);
  });

  it('sums review weights and accepts exactly 100', () => {
  });

  it('finds schools given more than one quota', () => {
    expect(repeatedSchools([{ schoolId: 1 }, { schoolId: 2 }, { schoolId: 1 }, { schoolId: null }])).toEqual([1]);
  });

  it('offers delete for drafts only, publish for drafts, archive for published', () => {
    expect(allowedActions(CompetitionStatus.draft)).toMatchObject({ publish: true, remove: true, archive: false, edit: true });
    expect(allowedActions(CompetitionStatus.published)).toMatchObject({ publish: false, remove: false, archive: true, edit: true });
    expect(allowedActions(CompetitionStatus.archived)).toMatchObject({ edit: false, settings: false, remove: false, copy: true });
  });
});
