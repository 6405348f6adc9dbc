import { createClickGuard } from './click-guard';

describe('click guard', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs the first click and ignores repeats for 1000 ms by default', () => {
    const action = jest.fn();
    const changes: boolean[] = [];
    const guard = createClickGuard(undefined, (locked) => changes.push(locked));

    expect(guard.trigger(action)).toBe(true);
    expect(guard.trigger(action)).toBe(false);
    jest.advanceTimersByTime(999);
    expect(guard.isLocked()).toBe(true);
    expect(guard.trigger(action)).toBe(false);
    expect(action).toHaveBeenCalledTimes(1);

    jest.advanceTimersByTime(1);
    expect(guard.isLocked()).toBe(false);
    expect(guard.trigger(action)).toBe(true);
    expect(action).toHaveBeenCalledTimes(2);
    expect(changes).toEqual([true, false, true]);
  });

  it('honours a custom delay', () => {
    const action = jest.fn();
    const guard = createClickGuard(300);
    guard.trigger(action);
    jest.advanceTimersByTime(299);
    guard.trigger(action);
    jest.advanceTimersByTime(1);
    guard.trigger(action);
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('locks before running, so a click inside the action is ignored', () => {
    const guard = createClickGuard();
    const inner = jest.fn();
    guard.trigger(() => guard.trigger(inner));
    expect(inner).not.toHaveBeenCalled();
  });

  it('stays locked when the action throws, until the delay passes', () => {
    const guard = createClickGuard();
    expect(() =>
      guard.trigger(() => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(guard.isLocked()).toBe(true);
    jest.advanceTimersByTime(1000);
    expect(guard.isLocked()).toBe(false);
  });

  it('dispose clears the timer and unlocks', () => {
    const guard = createClickGuard();
    guard.trigger(() => undefined);
    guard.dispose();
    expect(guard.isLocked()).toBe(false);
    expect(jest.getTimerCount()).toBe(0);
  });
});
