import type { Role } from '@portal/shared/roles';
import type { Entity, RowKind } from './fixtures.ts';

/** The vocabulary of the authorization table: what a cell says, and a line's shape. */
export type Status = 200 | 302 | 400 | 401 | 403 | 404;
export type Cell = Status | Partial<Record<RowKind, Status>>;

/** Allowed on every row (the admin). */
export const ALL: Cell = { mine: 200, seen: 200, other: 200 };
/** Reads what is in reach, the rest is out of sight. */
export const READ: Cell = { mine: 200, seen: 200, other: 404 };
/** Changes its own rows; rows it only reads are refused; the rest is out of sight. */
export const EDIT: Cell = { mine: 200, seen: 403, other: 404 };
/** Not for this role, whatever the row. */
export const DENIED: Cell = 403;
export const OK: Cell = 200;
/** A message its sender changes: the recipients and everyone else do not see it as theirs. */
export const SENT: Cell = { mine: 200, seen: 404, other: 404 };
/** A message's read state: only its recipients have one. */
export const RECEIVED: Cell = { mine: 404, seen: 200, other: 404 };

export type Request = {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  payload?: object | Buffer;
  headers?: Record<string, string>;
};

/** What a case's request may use: the row's id (path parameters, or a uuid in the body) and the role's own GET. */
export type CaseContext = {
  row: string;
  /** The role's own GET: its JSON, or undefined when refused. */
  get: (url: string) => Promise<unknown>;
  /** The admin's GET: the full record, whatever the role may see. */
  adminGet: (url: string) => Promise<unknown>;
  /** A small valid upload for the route's multipart body. */
  image: () => { payload: Buffer; headers: Record<string, string> };
  pdf: () => { payload: Buffer; headers: Record<string, string> };
};

export type Line = {
  /** 'METHOD /path/:param' exactly as registered in Fastify. */
  route: string;
  /** A second line for the same route tests another case of it (say another slot or entity). */
  label?: string;
  /** The entity whose rows fill the path or the body; absent for routes without a row. */
  row?: Entity;
  /** No session needed (login, reset, health, the docs outside production). */
  public?: boolean;
  /** A public route's answer without a session when its made-up request is bad input (a link's unknown token). */
  anonymous?: Status;
  /** The case spends the session (logout, login in the same browser): it gets its own. */
  ownSession?: boolean;
  cells: Record<Role, Cell>;
  /** The request of a case; without it, the route's own path with :params from the row and no body. */
  request?: (c: CaseContext) => Request | Promise<Request>;
  /**
   * 'open': part of home and profile, which an installer whose profile is not OK still reaches (their cell holds
   * for them too). Without it, such an installer gets a 403 whatever the row (docs/decisions/0009).
   */
  profileNotOk?: 'open';
  /** The reply is a stream that does not end (server-sent events): a 200 is judged by its status alone. */
  stream?: true;
};

export const everyone = (cell: Cell): Record<Role, Cell> => ({
  admin: cell,
  capoarea: cell,
  rivenditori: cell,
  posatore: cell,
});
export const only = (roles: Role[], cell: Cell = OK): Record<Role, Cell> => ({
  admin: roles.includes('admin') ? cell : DENIED,
  capoarea: roles.includes('capoarea') ? cell : DENIED,
  rivenditori: roles.includes('rivenditori') ? cell : DENIED,
  posatore: roles.includes('posatore') ? cell : DENIED,
});
export const line = (route: string, spec: Omit<Line, 'route'>): Line => ({ route, ...spec });
