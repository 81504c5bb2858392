import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { capabilities } from '@portal/shared/permissions';
import { roles } from '@portal/shared/roles';
import { canPartner, partnerActions, type PartnerFound } from '../../../src/modules/reach/partners-reach.ts';
import { canPosatore, posatoreActions, type PosatoreFound } from '../../../src/modules/reach/posatori-reach.ts';
import { allows, has } from '../../../src/modules/reach/viewer.ts';

const src = join(import.meta.dirname, '../../../src');
const sources = (readdirSync(src, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.ts'))
  .map((f) => ({ path: relative(src, join(src, f)), text: readFileSync(join(src, f), 'utf8') }));
const outsideReach = sources.filter((f) => !f.path.startsWith(join('modules', 'reach')));

describe('reach is declared once', () => {
  it('no file but reach/viewer.ts declares a Viewer', () => {
    const declaring = outsideReach
      .filter((f) => /^\s*(export\s+)?(type|interface)\s+Viewer\b/m.test(f.text))
      .map((f) => f.path);
    expect(declaring).toEqual([]);
  });

  it('no service computes scope or access of its own, nor reads the roles by hand', () => {
    const local = outsideReach
      .filter((f) => f.path.startsWith('modules'))
      .filter((f) => /function (accessTo|scopeOf)\b|viewer\.roles\.(includes|some)\(/.test(f.text))
      .map((f) => f.path);
    expect(local).toEqual([]);
  });
});

describe('what a viewer may do', () => {
  it('allows() answers the capability table for every role', () => {
    for (const role of roles) {
      const viewer = { userUuid: 'u', roles: [role] };
      expect(has(viewer, role)).toBe(true);
      for (const [capability, allowed] of Object.entries(capabilities)) {
        expect(allows(viewer, capability as keyof typeof capabilities)).toBe(
          (allowed as readonly string[]).includes(role),
        );
      }
    }
  });

  it('an installer: the reseller reads and redeems, never edits or lists coupons; only the admin edits coupons', () => {
    const found = (access: PosatoreFound['access']) => ({ access }) as PosatoreFound;
    const table = Object.fromEntries(
      (['admin', 'capoarea', 'self', 'reseller'] as const).map((access) => [
        access,
        (Object.keys(posatoreActions) as (keyof typeof posatoreActions)[]).filter((a) => canPosatore(found(access), a)),
      ]),
    );
    expect(table).toEqual({
      admin: ['view', 'edit', 'coupons', 'coupons.edit'],
      capoarea: ['view', 'edit', 'coupons'],
      self: ['view', 'edit', 'coupons'],
      reseller: ['view', 'redeem'],
    });
    expect(canPosatore(undefined, 'view')).toBe(false);
  });

  it('a partner: the reseller of the area only reads it; payments are the admin’s and the area manager’s', () => {
    const found = (access: PartnerFound['access']) => ({ access }) as PartnerFound;
    const table = Object.fromEntries(
      (['admin', 'capoarea', 'reseller-assigned', 'reseller-area'] as const).map((access) => [
        access,
        (Object.keys(partnerActions) as (keyof typeof partnerActions)[]).filter((a) => canPartner(found(access), a)),
      ]),
    );
    expect(table).toEqual({
      admin: ['view', 'edit', 'payments'],
      capoarea: ['view', 'edit', 'payments'],
      'reseller-assigned': ['view', 'edit'],
      'reseller-area': ['view'],
    });
  });
});
