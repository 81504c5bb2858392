import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { capabilities } from '@portal/shared/permissions';
import { roles } from '@portal/shared/roles';
import { canCoupon, type CouponFound } from '../../../src/modules/reach/coupons-reach.ts';
import { canDocument, documentActions, type DocumentFound } from '../../../src/modules/reach/documents-reach.ts';
import { canMessage, messageActions, type MessageFound } from '../../../src/modules/reach/messages-reach.ts';
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

  it('the documents, messages and coupons services ask reach, never the roles or the capabilities themselves', () => {
    const asking = outsideReach
      .filter((f) => /modules\/(documents|messages|coupons)\/[^/]+\.service\.ts$/.test(f.path.split('\\').join('/')))
      .filter((f) => /import \{[^}]*\b(has|allows)\b[^}]*\} from '\.\.\/reach\/viewer\.ts'/.test(f.text))
      .map((f) => f.path);
    expect(asking).toEqual([]);
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
  it('a document: the groups it is for read it, only the admin manages it; a message: only its sender edits it', () => {
    const doc = (access: DocumentFound['access']) => ({ access }) as DocumentFound;
    const msg = (access: MessageFound['access']) => ({ access }) as MessageFound;
    const actionsOf = <A extends string>(actions: readonly A[], allowed: (a: A) => boolean) => actions.filter(allowed);
    const documentActionNames = Object.keys(documentActions) as (keyof typeof documentActions)[];
    const messageActionNames = Object.keys(messageActions) as (keyof typeof messageActions)[];
    expect(actionsOf(documentActionNames, (a) => canDocument(doc('admin'), a))).toEqual(['view', 'manage']);
    expect(actionsOf(documentActionNames, (a) => canDocument(doc('group'), a))).toEqual(['view']);
    expect(actionsOf(messageActionNames, (a) => canMessage(msg('sender'), a))).toEqual(['read', 'edit']);
    expect(actionsOf(messageActionNames, (a) => canMessage(msg('recipient'), a))).toEqual(['read']);
    expect(canDocument(undefined, 'view')).toBe(false);
    expect(canMessage(undefined, 'read')).toBe(false);
    expect(canCoupon({ access: 'admin' } as CouponFound, 'edit')).toBe(true);
    expect(canCoupon(undefined, 'edit')).toBe(false);
  });
});
