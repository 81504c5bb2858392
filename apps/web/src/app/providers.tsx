import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/it';
import { ToastHost } from '../components/toast-host.tsx';
import { queryClient } from '../lib/query-client.ts';
import { theme } from './theme.ts';

// Italian month and weekday names everywhere dayjs formats a date.
dayjs.locale('it');

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="it">
          <CssBaseline />
          {children}
          <ToastHost />
        </LocalizationProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
