import FolderZipIcon from '@mui/icons-material/FolderZipOutlined';
import OndemandVideoIcon from '@mui/icons-material/OndemandVideoOutlined';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import TableChartIcon from '@mui/icons-material/TableChartOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { DocumentKind } from '@portal/shared/schemas/documents';

/** A document's thumbnail: the icon of its type (the file type comes from its extension). */
export function DocumentIcon({ kind, ...props }: { kind: DocumentKind } & SvgIconProps) {
  if (kind === 'pdf') return <PictureAsPdfIcon {...props} />;
  if (kind === 'excel') return <TableChartIcon {...props} />;
  if (kind === 'video') return <OndemandVideoIcon {...props} />;
  return <FolderZipIcon {...props} />;
}
