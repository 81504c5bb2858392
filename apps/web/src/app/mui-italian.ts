import type { Localization } from '@mui/material/locale';
import { onFirstUse } from '../lib/first-use.ts';

const number = onFirstUse(() => new Intl.NumberFormat('it-IT'));
const formatNumber = (n: number) => (Number.isFinite(n) ? number().format(n) : String(n));

/** A pager's step buttons, in both of MUI's pagers (anything else reads as 'previous', as in MUI's). */
const stepLabel = (type: string) =>
  type === 'first'
    ? 'Vai alla prima pagina'
    : type === 'last'
      ? "Vai all'ultima pagina"
      : type === 'next'
        ? 'Vai alla pagina successiva'
        : 'Vai alla pagina precedente';

/**
 * MUI's Italian texts (`itIT` of @mui/material/locale, as of 9.5), with its number format made on first use: MUI's
 * module makes an `Intl.NumberFormat` when it loads, the page's first Intl object, which loads ICU's data inside the
 * first long task of every page (lib/first-use.ts). Of these texts only MUI's table pager formats numbers, and the
 * portal's lists have their own pager (components/pager.tsx). mui-italian.test.ts holds them to MUI’s.
 */
export const muiItalian: Localization = {
  components: {
    MuiBreadcrumbs: { defaultProps: { expandText: 'Visualizza percorso' } },
    MuiTablePagination: {
      defaultProps: {
        getItemAriaLabel: stepLabel,
        labelRowsPerPage: 'Righe per pagina:',
        labelDisplayedRows: ({ from, to, count }) =>
          `${formatNumber(from)}–${formatNumber(to)} di ${count !== -1 ? formatNumber(count) : `più di ${formatNumber(to)}`}`,
      },
    },
    MuiRating: {
      defaultProps: {
        getLabelText: (value) => `${value} Stell${value !== 1 ? 'e' : 'a'}`,
        emptyLabelText: 'Vuoto',
      },
    },
    MuiAutocomplete: {
      defaultProps: {
        clearText: 'Svuota',
        closeText: 'Chiudi',
        loadingText: 'Caricamento in corso…',
        noOptionsText: 'Nessuna opzione',
        openText: 'Apri',
      },
    },
    MuiAlert: { defaultProps: { closeText: 'Chiudi' } },
    MuiPagination: {
      defaultProps: {
        'aria-label': 'Navigazione impaginata',
        getItemAriaLabel: (type, page, selected) =>
          type === 'page' ? `${selected ? '' : 'Vai alla '}pagina ${page}` : stepLabel(type),
      },
    },
  },
};
