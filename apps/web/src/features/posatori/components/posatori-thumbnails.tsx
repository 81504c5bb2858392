import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import { AvatarLink } from '../../../components/list-cells.tsx';
import { RowMenu } from '../../../components/row-menu.tsx';
import { StatusDot } from '../../../components/status-dot.tsx';
import { CertificateIcon, courseMonth, PosatoreNameLink, ProfileStatoChip } from './posatore-cells.tsx';
import type { PosatoriViewProps } from './posatori-table.tsx';

const gridSx = { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' } as const;

/** The thumbnail view of the installer lists: one card per installer, with the same data, selection and menu. */
export function PosatoriThumbnails({ rows, loading, linkOf, actionsOf, selection, stati, footer }: PosatoriViewProps) {
  const toggle = (uuid: string) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(uuid)) next.delete(uuid);
    else next.add(uuid);
    selection.onChange(next);
  };

  return (
    <Paper variant="outlined" sx={{ position: 'relative', p: { xs: 1.5, md: 2 }, bgcolor: 'transparent' }}>
      <LinearProgress
        aria-hidden={!loading}
        sx={{ position: 'absolute', top: 0, left: 0, right: 0, visibility: loading ? 'visible' : 'hidden' }}
      />
      {rows.length === 0 && loading ? (
        <Box sx={gridSx}>
          {[0, 1, 2, 3].map((n) => (
            <Skeleton key={n} variant="rounded" height={250} />
          ))}
        </Box>
      ) : rows.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', py: 6, textAlign: 'center' }}>Nessun posatore trovato</Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Miniature posatori"
          aria-busy={loading}
          sx={{ ...gridSx, listStyle: 'none', m: 0, p: 0 }}
        >
          {rows.map((row) => {
            const link = linkOf(row);
            const checked = selection?.selected.has(row.uuid) ?? false;
            return (
              <Card
                component="li"
                key={row.uuid}
                variant="outlined"
                aria-label={row.descri}
                sx={{
                  position: 'relative',
                  p: 2,
                  pt: 1,
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'center',
                  textAlign: 'center',
                  borderColor: checked ? 'primary.main' : 'divider',
                  // A light slate tint: action.selected's grey left the warning and error chips under 4.5:1 (WCAG 1.4.3).
                  bgcolor: checked ? 'rgba(30, 58, 95, 0.06)' : 'background.paper',
                }}
              >
                <Box sx={{ display: 'flex', width: '100%', justifyContent: 'space-between', minHeight: 40 }}>
                  {selection ? (
                    <Checkbox
                      checked={checked}
                      onChange={() => toggle(row.uuid)}
                      slotProps={{ input: { 'aria-label': `Seleziona ${row.descri}` } }}
                      sx={{ ml: -1 }}
                    />
                  ) : (
                    <span />
                  )}
                  {actionsOf && <RowMenu label={`Azioni per ${row.descri}`} actions={actionsOf(row)} />}
                </Box>
                <AvatarLink link={link} src={row.img} name={row.descri} size={96} mb={1} />
                <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', justifyContent: 'center' }}>
                  <PosatoreNameLink row={row} link={link} />
                  <CertificateIcon certified={row.certificato} />
                </Stack>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {[row.destipo, row.code, row.prov].filter(Boolean).join(' · ')}
                </Typography>
                {row.dtcorso && (
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    Ultimo corso {courseMonth(row)}
                  </Typography>
                )}
                <Stack
                  direction="row"
                  spacing={1}
                  sx={{ mt: 1.5, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'center' }}
                >
                  <StatusDot stato={row.userstato} />
                  <Chip
                    size="small"
                    icon={<ConfirmationNumberIcon />}
                    label={row.coupon}
                    aria-label={`Coupon: ${row.coupon}`}
                    variant="outlined"
                  />
                  <ProfileStatoChip stato={row.stato} stati={stati} />
                </Stack>
              </Card>
            );
          })}
        </Box>
      )}
      {footer}
    </Paper>
  );
}
