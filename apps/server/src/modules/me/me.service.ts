import type { Avatar, Me } from '@portal/shared/schemas/me';
import { landingRole } from '@portal/shared/roles';
import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../plugins/session.ts';
import { err1Of } from './err1.ts';
import * as repo from './me.repository.ts';

type Card = Omit<Me, 'uuid' | 'role' | 'username' | 'err1'> & { uuid: string };

const blank = {
  ragsoc: '',
  tipo: '',
  destipo: '',
  phone: '',
  cell: '',
  address: '',
  city: '',
  cap: '',
  state: '',
  certificato: false,
};

/** The profile behind the user's landing role: the role they work in is the one the card shows. */
async function cardOf(db: Db, auth: AuthContext): Promise<(Card & { stato?: string }) | undefined> {
  switch (landingRole(auth.roles)) {
    case 'admin': {
      const a = await repo.adminOf(db, auth.userUuid);
      return (
        a && { ...blank, uuid: a.uuid, name: a.name, lastname: a.lastname, email: a.email, phone: a.phone, img: a.img }
      );
    }
    case 'posatore': {
      const p = await repo.posatoreOf(db, auth.userUuid);
      return p && { ...p, destipo: p.destipo ?? '', certificato: p.certificato === 1 };
    }
    case 'capoarea': {
      const c = await repo.capoareaOf(db, auth.userUuid);
      return c && { ...blank, ...c, certificato: false };
    }
    case 'rivenditori': {
      const r = await repo.rivenditoreOf(db, auth.userUuid);
      return r && { ...blank, ...r, certificato: false };
    }
    default:
      return undefined;
  }
}

const displayName = (c: { name: string; lastname: string; ragsoc: string } | undefined, username: string) =>
  (c && (`${c.name} ${c.lastname}`.trim() || c.ragsoc)) || username;

export async function getAvatar(db: Db, auth: AuthContext): Promise<Avatar> {
  const card = await cardOf(db, auth);
  const avatar: Avatar = {
    msgcount: await repo.unreadCount(db, auth.userUuid),
    img: card?.img ?? '',
    name: displayName(card, auth.username),
  };
  if (landingRole(auth.roles) === 'posatore' && card) {
    avatar.stato = card.stato ?? '';
    avatar.ccoupon = await repo.couponCount(db, card.uuid);
  }
  return avatar;
}

export async function getMe(db: Db, auth: AuthContext): Promise<Me> {
  const role = landingRole(auth.roles) ?? 'posatore';
  const card = await cardOf(db, auth);
  return {
    ...blank,
    name: '',
    lastname: '',
    email: '',
    img: '',
    ...card,
    uuid: card?.uuid ?? auth.userUuid,
    role,
    username: auth.username,
    // Computed from the profile as stored, never the column the old portal kept.
    err1: role === 'posatore' && card ? err1Of(card.stato ?? '', card) : '',
  };
}
