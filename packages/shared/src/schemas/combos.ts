import { z } from 'zod';

/** A dropdown option. Every combo endpoint answers a list of them. */
export const comboOption = z.object({ value: z.string(), label: z.string() });
export type ComboOption = z.infer<typeof comboOption>;

export const comboReply = z.array(comboOption);

/** /api/cbocapoarea?prov=XX and /api/cborivenditori?prov=XX: without prov (or empty) every entry. */
export const comboProvQuery = z.object({
  prov: z
    .string()
    .regex(/^([A-Z]{2})?$/, 'Provincia non valida')
    .optional(),
});

/**
 * Combos kept in the combos table (reference data seeded by migrations). liststates comes from provinces.ts,
 * cbocapoarea / cborivenditori from the registries and cbotcoupons / cbotcoupons2 from the coupon types.
 */
export const tableCombos = [
  'qualifiche',
  'priolist',
  'cbocorsi',
  'tipiposa',
  'tipicert',
  'cbostato',
  'posaorder',
] as const;
export type TableCombo = (typeof tableCombos)[number];
