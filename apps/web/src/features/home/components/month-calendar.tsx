import Paper from '@mui/material/Paper';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import dayjs from 'dayjs';
import { DateLocalization } from '../../../components/date-localization.tsx';

/** The admin home's mini month calendar: today marked, previous and next month arrows. */
export function MonthCalendar() {
  return (
    <Paper variant="outlined" sx={{ display: 'flex', justifyContent: 'center', height: '100%' }}>
      <DateLocalization>
        <DateCalendar readOnly defaultValue={dayjs()} views={['day']} aria-label="Calendario del mese" />
      </DateLocalization>
    </Paper>
  );
}
