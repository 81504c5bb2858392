import { describe, expect, it } from 'vitest';
import { avatarKeys } from '../src/features/avatar/api/avatar-keys.ts';
import { couponsKeys } from '../src/features/coupons/api/coupons-keys.ts';
import { liveInvalidations, reopenDelayMs } from '../src/features/events/api/live-updates.ts';
import { messagesKeys } from '../src/features/messages/api/messages-keys.ts';

describe('live updates', () => {
  it('a messages event refreshes the folders and the bell, a coupons event the coupons and their count', () => {
    expect(liveInvalidations.messages).toEqual([messagesKeys.all, avatarKeys.all]);
    expect(liveInvalidations.coupons).toEqual([couponsKeys.all, avatarKeys.all]);
  });

  it('a refused stream is opened again after 2 s, doubling, never more than a minute apart', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(reopenDelayMs)).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });
});
