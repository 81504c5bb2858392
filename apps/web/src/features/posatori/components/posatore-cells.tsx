import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import VerifiedIcon from '@mui/icons-material/Verified';
import type { ComboOption } from '@portal/shared/schemas/combos';
import type { PosatoreRow } from '@portal/shared/schemas/posatori';
import { NameLink } from '../../../components/list-cells.tsx';
import { formatMonth } from '../../../lib/formatters.ts';
import type { RowLink } from '../../../lib/list-search-params.ts';

/** The installer's name as a link to their profile. */
export function PosatoreNameLink({ row, link }: { row: PosatoreRow; link: RowLink }) {
  return <NameLink link={link}>{row.descri || row.code || 'Senza nome'}</NameLink>;
}

/** The certificate icon of the installer list and of the profile side panel. */
export function CertificateIcon({ certified }: { certified: boolean }) {
  if (!certified) return null;
  return (
    <Tooltip title="Certificato">
      <VerifiedIcon color="primary" fontSize="small" aria-label="Certificato" role="img" />
    </Tooltip>
  );
}

/** A profile that is not complete or is suspended says so next to the name (labels of /api/cbostato). */
export function ProfileStatoChip({ stato, stati }: { stato: string; stati: readonly ComboOption[] }) {
  if (stato === '' || stato === 'OK') return null;
  // Until the states' names arrive, the code written as they are ('INCOMPLETO' as 'Incompleto'): the chip, and the
  // legend above the list, then keep their width, and the list is not pushed down when the names come.
  const label = stati.find((option) => option.value === stato)?.label ?? stato.charAt(0) + stato.slice(1).toLowerCase();
  return (
    <Chip
      label={label}
      size="small"
      variant="outlined"
      color={stato === 'SOSPESO' ? 'error' : 'warning'}
      sx={{ height: 20, fontSize: 11 }}
    />
  );
}

export function courseMonth(row: PosatoreRow): string {
  return formatMonth(row.dtcorso);
}
