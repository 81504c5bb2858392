import Alert from '@mui/material/Alert';
import type { SxProps, Theme } from '@mui/material/styles';
import { msg } from '@portal/shared/messages-it';
import { errorReason } from '../lib/api-error.ts';

/**
 * Whether a query failed with nothing to show: LoadError stands in place of its data. Its query carries
 * `meta: { errorInPlace: true }`, so the global toast does not tell the same failure again (lib/query-client.ts).
 */
export function failedToLoad(query: { isError: boolean; data: unknown }): boolean {
  return query.isError && query.data === undefined;
}

/** The reason a query could not load, in place of what it would have shown. */
export function LoadError({ error, sx }: { error: unknown; sx?: SxProps<Theme> }) {
  return (
    <Alert severity="error" sx={sx}>
      {errorReason(error, msg.erroreInterno)}
    </Alert>
  );
}
