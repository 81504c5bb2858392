import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';

type ProfileLayoutProps = {
  /** The image side panel. */
  aside: ReactNode;
  /** SALVA and its kin: under the side panel from md up (it stays in view while the form scrolls), after the form
   * on a phone. The copy for the other width is display:none, so there is one button for users and screen readers. */
  actions?: ReactNode;
  /** The form. */
  children: ReactNode;
  /** What follows the form in the main column and saves on its own (gallery, payments). */
  after?: ReactNode;
  /**
   * The actions first: above the side panel, and on a phone before everything else instead of after the form. For
   * a read-only screen whose reason to be is its action (the reseller's USA COUPON at the counter), not three
   * screens down under the record.
   */
  actionsFirst?: boolean;
};

/** The two columns of the profile edit screens: image panel, then the form. */
export function ProfileLayout({ aside, actions, children, after, actionsFirst = false }: ProfileLayoutProps) {
  const phoneActions = actions && <Box sx={{ display: { xs: 'block', md: 'none' } }}>{actions}</Box>;
  const sideActions = actions && <Box sx={{ display: { xs: 'none', md: 'block' } }}>{actions}</Box>;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '260px minmax(0, 1fr)', lg: '300px minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      {actionsFirst && phoneActions}
      {/* One minmax(0, 1fr) column each: an implicit grid column would grow to its widest content (a table, a long
          name) and push the whole page past a phone's edge. */}
      <Box
        sx={{
          position: { md: 'sticky' },
          top: { md: 88 },
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'minmax(0, 1fr)',
        }}
      >
        {actionsFirst && sideActions}
        {aside}
        {!actionsFirst && sideActions}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        {children}
        {!actionsFirst && phoneActions}
        {after}
      </Box>
    </Box>
  );
}

type SaveButtonProps = {
  /** The id of the form it submits (it sits outside the form element). */
  formId: string;
  pending: boolean;
  /** Admins get no 'Dati Salvati': a quiet 'Salvato' under the button tells them it went through. */
  savedQuietly?: boolean;
  label?: string;
};

/** SALVA, and under it the admin's quiet confirmation. */
export function SaveButton({ formId, pending, savedQuietly = false, label = 'SALVA' }: SaveButtonProps) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 1 }}>
      <Button type="submit" form={formId} variant="contained" size="large" loading={pending}>
        {label}
      </Button>
      {savedQuietly && (
        <Typography
          variant="body2"
          sx={{
            color: 'text.secondary',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 0.5,
          }}
        >
          <CheckIcon fontSize="small" color="success" /> Salvato
        </Typography>
      )}
    </Box>
  );
}
