import { defaultTheme, type RaThemeOptions } from 'react-admin';

/**
 * The console's colours, every one chosen for WCAG 2.2 AA (checked by
 * tests/unit/theme-contrast.test.ts with WCAG's formula): at least 4.5:1 for text, against white
 * and against the page's background, since a colour is text in an outlined chip or button and a
 * background under white text in a filled one. MUI's own warning (#ed6c02, 3.1:1) and info
 * (#0288d1, 3.9:1) fall short, so they are darker here.
 */
export const palette = {
  // The dark shade marks the top bar's link to the screen on show, under white text.
  primary: { main: '#0b6e8a', dark: '#084f63', contrastText: '#ffffff' },
  secondary: { main: '#134e5e', contrastText: '#ffffff' },
  error: { main: '#c62828', contrastText: '#ffffff' },
  warning: { main: '#a84c00', contrastText: '#ffffff' },
  info: { main: '#01579b', contrastText: '#ffffff' },
  success: { main: '#2e7d32', contrastText: '#ffffff' },
  background: { default: '#f5f7f9', paper: '#ffffff' },
  // A colour with no contrastText of its own gets white or black by AA's text ratio, not 3:1.
  contrastThreshold: 4.5,
} as const;

/**
 * Tooltips: opaque, with their text in MUI's (#fff). MUI's own grey at 92% lets the page through:
 * over the page's background axe measured 4.47:1 for a tooltip's small text.
 */
export const tooltip = { background: '#616161', text: '#ffffff' } as const;

/** The console's look: react-admin's defaults with Tidings' sea-blue and a light page. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette,
  shape: { borderRadius: 8 },
  components: {
    ...defaultTheme.components,
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTooltip: {
      styleOverrides: { tooltip: { backgroundColor: tooltip.background, color: tooltip.text } },
    },
    // A text input keeps what was typed: an emptied field is '' (empty text to the shared schemas
    // and the API), not null, react-admin's default.
    RaTextInput: { defaultProps: { parse: (value: string) => value } },
    // A wide table scrolls sideways on a narrow screen instead of losing its last columns. Only
    // the table scrolls: the bulk-action toolbar above it must not be clipped.
    RaDataTable: {
      styleOverrides: {
        root: {
          '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
          // A row that cannot be selected (a contact who is not a participant) shows no checkbox:
          // react-admin's disabled one has no label of its own, and puts aria-label and
          // aria-disabled on an element without a role. Hidden, it is neither seen nor announced.
          '& .RaDataTable-row:not(.RaDataTable-selectable) .RaDataTable-checkbox': {
            visibility: 'hidden',
          },
        },
      },
    },
  },
};
