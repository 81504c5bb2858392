import type { ReactNode } from 'react';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { itIT } from '@mui/x-date-pickers/locales';
import dayjs from 'dayjs';
import it from 'dayjs/locale/it';
import { MONTHS, WEEKDAYS } from '../lib/calendar-names.ts';

// Italian month and weekday names everywhere dayjs formats a date, as the home's day strip writes them: months
// capitalised (a calendar's heading 'Novembre 2026'), weekdays in two letters.
dayjs.locale({
  ...it,
  months: [...MONTHS],
  monthsShort: MONTHS.map((month) => month.slice(0, 3)),
  weekdaysMin: [...WEEKDAYS],
});

const localeText = itIT.components.MuiLocalizationProvider.defaultProps.localeText;

/**
 * The date pickers' Italian adapter and texts, around each picker (date-field-picker, month-year-field-picker) so
 * that they come with the pickers' lazy chunk: the public screens and the screens without dates never load them.
 */
export function DateLocalization({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="it" localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
}
