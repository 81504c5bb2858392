import { z } from 'zod';

/** The replies of the second login factor's endpoints (docs/decisions/0024); their bodies are in auth-forms.ts. */

/** POST /auth/2fa/setup: the new secret to type, the otpauth:// address, and its QR code as a PNG data URL. */
export const twoFactorSetupReply = z.object({ secret: z.string(), otpauthUrl: z.string(), qr: z.string() });
export type TwoFactorSetupReply = z.infer<typeof twoFactorSetupReply>;

/** POST /auth/2fa/enable: the ten single-use recovery codes, shown this once. */
export const twoFactorEnableReply = z.object({ res: z.literal('OK'), recoveryCodes: z.array(z.string()) });
export type TwoFactorEnableReply = z.infer<typeof twoFactorEnableReply>;

/** GET /auth/2fa: whether the logged-in account has a second factor, and whether its role must keep one. */
export const twoFactorStateReply = z.object({ enabled: z.boolean(), mandatory: z.boolean() });
export type TwoFactorState = z.infer<typeof twoFactorStateReply>;
