import { describe, expect, test } from 'vitest';
import { failureOf, formatVideoTime, MAX_RECOVERIES, recoveryFor } from '../src/lib/video-recovery.ts';

describe('the video player error handling', () => {
  test('tells the failure from the MediaError code', () => {
    expect(failureOf(2)).toBe('network');
    expect(failureOf(3)).toBe('media');
    expect(failureOf(4)).toBe('other');
    expect(failureOf(1)).toBe('other');
    expect(failureOf(undefined)).toBe('other');
  });

  test('a network error retries the load, a media error recovers, any other re-creates the player', () => {
    expect(recoveryFor('network', 0).action).toBe('retry-load');
    expect(recoveryFor('media', 0).action).toBe('recover-media');
    expect(recoveryFor('other', 0).action).toBe('recreate');
  });

  test('waits longer each time, then gives up', () => {
    const delays = Array.from({ length: MAX_RECOVERIES }, (_, i) => recoveryFor('network', i).delayMs);
    expect(delays).toEqual([...delays].sort((a, b) => a - b));
    expect(new Set(delays).size).toBe(MAX_RECOVERIES);
    expect(recoveryFor('network', MAX_RECOVERIES)).toEqual({ action: 'give-up', delayMs: 0 });
    expect(recoveryFor('other', MAX_RECOVERIES).action).toBe('give-up');
  });

  test('shows times as a player does', () => {
    expect(formatVideoTime(0)).toBe('0:00');
    expect(formatVideoTime(7.9)).toBe('0:07');
    expect(formatVideoTime(750)).toBe('12:30');
    expect(formatVideoTime(3723)).toBe('1:02:03');
    expect(formatVideoTime(Number.NaN)).toBe('0:00');
  });
});
