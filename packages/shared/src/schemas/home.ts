import { z } from 'zod';

/**
 * GET /api/statohome: each role gets its own figures. Admin: cusati (coupons used),
 * cposatori (installers registered), cscad (coupons expired). Area manager: caziende (partner companies),
 * criv (resellers), caziendescad (partners expired). Reseller: cposatori (their installers), ccopoun (coupons
 * redeemed at their counter).
 */
export const statoHomeReply = z.object({
  cusati: z.number().int().optional(),
  cposatori: z.number().int().optional(),
  cscad: z.number().int().optional(),
  caziende: z.number().int().optional(),
  criv: z.number().int().optional(),
  caziendescad: z.number().int().optional(),
  ccopoun: z.number().int().optional(),
});
export type StatoHome = z.infer<typeof statoHomeReply>;
