import { createTheme } from '@mui/material/styles';
import { muiItalian } from './mui-italian.ts';
import type {} from '@mui/x-date-pickers/themeAugmentation';
import { WEEKDAYS } from '../lib/calendar-names.ts';
import { brand } from './brand.ts';

/**
 * The keyboard focus ring (WCAG 2.4.7): a 2px slate outline, 11:1 against the white and grey surfaces it is drawn
 * on. Outside the element by default; inside it for rows of menus and lists, tabs and clickable cards, whose
 * containers clip what stands outside them. Only for keyboard focus (focus-visible), never after a click.
 */
const focusRing = { outline: `2px solid ${brand.slate}`, outlineOffset: 2 } as const;
const insetFocusRing = { outline: `2px solid ${brand.slate}`, outlineOffset: -2 } as const;

export const theme = createTheme(
  {
    palette: {
      primary: { main: brand.slate },
      secondary: { main: brand.red },
      // MUI's default orange (#ed6c02) is 3.1:1 on white, too faint for text such as a 'warning' chip. This one is
      // 5.6:1 on white and 5:1 on the warning alert's own tint (#f8f1eb), where the incomplete profile's 'Vai al
      // profilo' button stands; #b45309 was 4.49:1 there, which axe refused (WCAG 1.4.3 asks 4.5:1).
      warning: { main: '#a84e08' },
      // MUI's red (#d32f2f) is 3.8:1 on a selected card's grey, and its blue (#0288d1) 3.9:1 under the white text
      // of a filled info alert (axe, WCAG 1.4.3). These are 5.6:1 and 6:1 on white.
      error: { main: '#c62828' },
      info: { main: '#01699e' },
      background: { default: brand.page },
    },
    shape: { borderRadius: 8 },
    typography: {
      // The device's own faces, none downloaded: Roboto on Android and ChromeOS (where most installers read the
      // portal), Segoe UI on Windows, Helvetica Neue on Apple's devices, Arial's metrics elsewhere. The webfont
      // was 46 kB, an eighth of the installer list's first load on a phone (docs/decisions/0008).
      fontFamily: 'Roboto, "Segoe UI", "Helvetica Neue", Arial, sans-serif',
      button: { fontWeight: 500 },
    },
    components: {
      MuiAppBar: { defaultProps: { elevation: 0 } },
      // Read-only fields (the reseller's view, the registry's fields in the installer's own profile) look set,
      // not editable: a faint fill instead of the white of an input. One rule for text fields and date pickers.
      MuiCssBaseline: {
        styleOverrides: {
          '.MuiOutlinedInput-root.MuiInputBase-readOnly, .MuiPickersOutlinedInput-root.Mui-readOnly': {
            backgroundColor: 'rgba(30, 58, 95, 0.04)',
          },
          // Links, and what else the Tab key reaches that is not one of MUI's buttons (those get .Mui-focusVisible).
          // Not a dialog or menu that takes the focus itself (tabindex -1): its frame is no control.
          'a:focus-visible, [tabindex="0"]:not(.MuiButtonBase-root, .MuiInputBase-input):focus-visible': focusRing,
          // A table row whose link or button has the keyboard focus stands out as a whole.
          '.MuiTableRow-root:has(:focus-visible)': { backgroundColor: 'rgba(30, 58, 95, 0.06)' },
        },
      },
      // Buttons, icon buttons, checkboxes, chips, pager items: every control built on ButtonBase.
      MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing } } },
      // Touch targets of at least 40px on phones (requirement 9).
      MuiButton: { styleOverrides: { root: { minHeight: 40 } } },
      MuiIconButton: { styleOverrides: { root: { minWidth: 40, minHeight: 40 } } },
      MuiMenuItem: { styleOverrides: { root: { minHeight: 44, '&.Mui-focusVisible': insetFocusRing } } },
      MuiListItemButton: { styleOverrides: { root: { minHeight: 44, '&.Mui-focusVisible': insetFocusRing } } },
      MuiTab: { styleOverrides: { root: { '&.Mui-focusVisible': insetFocusRing } } },
      MuiCardActionArea: { styleOverrides: { root: { '&.Mui-focusVisible': insetFocusRing } } },
      MuiLink: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing } } },
      // Every calendar's weekday headings in two letters, as the home's day strip (the pickers' own are one).
      MuiDateCalendar: { defaultProps: { dayOfWeekFormatter: (date) => WEEKDAYS[date.day()] ?? '' } },
      // The stepper accent colour is red.
      MuiStepIcon: {
        styleOverrides: {
          root: {
            '&.Mui-active': { color: brand.red },
            '&.Mui-completed': { color: brand.red },
          },
        },
      },
    },
  },
  muiItalian,
);
