import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { MONTHS, WEEKDAYS } from '../../../lib/calendar-names.ts';

const DAYS = 12;
const BEFORE = 5;

/** Today in Italy, as a local calendar date (its year, month and day), whatever the device's time zone. */
function todayInRome(): Date {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' })
    .format(new Date())
    .split('-')
    .map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

const addDays = (date: Date, n: number) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + n);
const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/**
 * The home's 12-day strip: from 5 days before today, Italian two-letter weekdays, the month as its
 * title, arrows moving it by 12 days, today marked.
 */
export function DayStrip() {
  const today = todayInRome();
  const [shift, setShift] = useState(0);
  const first = addDays(today, shift * DAYS - BEFORE);
  const days = Array.from({ length: DAYS }, (_, i) => addDays(first, i));
  const last = days[DAYS - 1] ?? first;
  const title =
    first.getMonth() === last.getMonth()
      ? `${MONTHS[first.getMonth()]} ${first.getFullYear()}`
      : `${MONTHS[first.getMonth()]} – ${MONTHS[last.getMonth()]} ${last.getFullYear()}`;
  return (
    <Paper variant="outlined" component="section" aria-label="Calendario dei prossimi giorni" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <IconButton aria-label="Giorni precedenti" onClick={() => setShift((s) => s - 1)} size="small">
          <ChevronLeftIcon />
        </IconButton>
        <Typography component="h2" variant="subtitle1" sx={{ flexGrow: 1, textAlign: 'center', fontWeight: 600 }}>
          {title}
        </Typography>
        <IconButton aria-label="Giorni successivi" onClick={() => setShift((s) => s + 1)} size="small">
          <ChevronRightIcon />
        </IconButton>
      </Box>
      <Box
        component="ol"
        sx={{
          display: 'grid',
          gridTemplateColumns: `repeat(${DAYS}, minmax(0, 1fr))`,
          gap: 0.5,
          m: 0,
          p: 0,
          listStyle: 'none',
        }}
      >
        {days.map((day) => {
          const isToday = sameDay(day, today);
          return (
            <Box
              component="li"
              key={day.toISOString()}
              aria-current={isToday ? 'date' : undefined}
              aria-label={`${WEEKDAYS[day.getDay()]} ${day.getDate()} ${MONTHS[day.getMonth()]}${isToday ? ', oggi' : ''}`}
              sx={{
                textAlign: 'center',
                py: 0.75,
                borderRadius: 1.5,
                bgcolor: isToday ? 'secondary.main' : 'transparent',
                color: isToday ? 'secondary.contrastText' : day.getDay() === 0 ? 'text.secondary' : 'text.primary',
              }}
            >
              <Typography variant="caption" component="span" sx={{ display: 'block', fontWeight: 500 }}>
                {WEEKDAYS[day.getDay()]}
              </Typography>
              <Typography variant="body2" component="span" sx={{ display: 'block', fontWeight: isToday ? 700 : 400 }}>
                {day.getDate()}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Paper>
  );
}
