import { randomInt } from 'node:crypto';
import { COUPON_BODY_LENGTH, couponCodeFrom } from '@portal/shared/validation/coupon-code';

/** A fresh coupon code from the system's cryptographic randomness: not guessable from any other code. */
export function newCouponCode(): string {
  return couponCodeFrom(Array.from({ length: COUPON_BODY_LENGTH }, () => randomInt(32)));
}
