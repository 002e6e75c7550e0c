import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** The console's look: react-admin's defaults with Tidings' sea-blue and a light page. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    primary: { main: '#0b6e8a' },
    secondary: { main: '#134e5e' },
    background: { default: '#f5f7f9' },
  },
  shape: { borderRadius: 8 },
  components: {
    ...defaultTheme.components,
    MuiButton: { defaultProps: { disableElevation: true } },
    // A text input keeps what was typed: an emptied field is '' (empty text to the shared schemas
    // and the API), not null, react-admin's default.
    RaTextInput: { defaultProps: { parse: (value: string) => value } },
    // A wide table scrolls sideways on a narrow screen instead of losing its last columns. Only
    // the table scrolls: the bulk-action toolbar above it must not be clipped.
    RaDataTable: {
      styleOverrides: { root: { '& .RaDataTable-tableWrapper': { overflowX: 'auto' } } },
    },
  },
};
