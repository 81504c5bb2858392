const coupons = ['coupons'] as const;
const types = ['coupon-types'] as const;

/** An installer's coupons: every change to a coupon refreshes everything under `all`. */
export const couponsKeys = {
  all: coupons,
  list: (source: string, posatore: string, page: number, size: number) =>
    [...coupons, source, posatore, page, size] as const,
};

/** The coupon types: a save, a toggle or a delete refreshes everything under `all`. */
export const couponTypesKeys = {
  all: types,
  list: [...types, 'list'] as const,
  /** 'nuovo' for the blank type of the create form. */
  one: (id: string) => [...types, 'one', id] as const,
};
