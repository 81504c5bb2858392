import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Breakpoint } from '@mui/material/styles';
import type { RowLink } from '../lib/list-search-params.ts';
import type { Column } from './data-table.tsx';
import { PersonAvatar } from './person-avatar.tsx';

/**
 * The cells the registry lists (posatori, partner, rivenditori, capo area) share: the image that opens the record,
 * and the name that opens it, with what the phone's hidden columns leave under it.
 */

/** The record's image as a link to it; out of the tab order and hidden from screen readers (the name is the link). */
export function AvatarLink({
  link,
  src,
  name,
  size,
  variant,
  mb,
}: {
  link: RowLink;
  src: string;
  name: string;
  size: number;
  variant?: 'circular' | 'rounded';
  /** Room below the image (theme spacing). */
  mb?: number;
}) {
  return (
    <Box
      component={RouterLink}
      to={link.to}
      state={link.state}
      tabIndex={-1}
      aria-hidden
      sx={{ mb, display: 'inline-flex', textDecoration: 'none' }}
    >
      <PersonAvatar src={src} name={name} size={size} variant={variant} />
    </Box>
  );
}

/** The image column of a list: a small avatar, gone on a phone. */
export function avatarColumn<R>({
  header,
  linkOf,
  img,
  name,
  variant,
}: {
  header: string;
  linkOf: (row: R) => RowLink;
  img: (row: R) => string;
  name: (row: R) => string;
  variant?: 'circular' | 'rounded';
}): Column<R> {
  return {
    key: 'img',
    header,
    hideHeader: true,
    width: 60,
    hideBelow: 'sm',
    render: (row) => <AvatarLink link={linkOf(row)} src={img(row)} name={name(row)} size={36} variant={variant} />,
  };
}

/** The record's name as a link to it. */
export function NameLink({ link, children }: { link: RowLink; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={link.to} state={link.state} underline="hover" sx={{ fontWeight: 500 }}>
      {children}
    </Link>
  );
}

/** The name cell: the link, then the lines under it (NameCaption). */
export function NameCell({ children }: { children: ReactNode }) {
  return (
    <Stack spacing={0.25} sx={{ minWidth: 0 }}>
      {children}
    </Stack>
  );
}

/** A grey line under a name; `until` hides it from that width up, where its own column shows it. */
export function NameCaption({ until, children }: { until?: Breakpoint; children: ReactNode }) {
  return (
    <Typography variant="caption" sx={{ color: 'text.secondary', ...(until ? { display: { [until]: 'none' } } : {}) }}>
      {children}
    </Typography>
  );
}
