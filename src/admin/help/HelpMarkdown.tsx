import { Box, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Link as RouterLink } from 'react-router-dom';
import { headingId } from './helpContent';

/** The text of a heading's children, for its anchor (headings are plain text in help.md). */
function textOf(children: ReactNode): string {
  if (typeof children === 'string' || typeof children === 'number') return String(children);
  if (Array.isArray(children)) return children.map(textOf).join('');
  return '';
}

/**
 * Markdown elements as the console's own: headings, paragraphs and lists in the theme's
 * Typography, links to console paths (`/programs`) as in-app links that keep the session and the
 * page state, other links opening in a new tab. `node` (react-markdown's syntax tree) is not
 * passed to the DOM.
 */
const COMPONENTS: Components = {
  h2: ({ children }) => (
    <Typography
      variant="h5"
      component="h2"
      id={headingId(textOf(children))}
      // Clear of the top bar when a contents link scrolls here.
      sx={{ mt: 4, mb: 1.5, scrollMarginTop: 80 }}
    >
      {children}
    </Typography>
  ),
  h3: ({ children }) => (
    <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
      {children}
    </Typography>
  ),
  p: ({ children }) => (
    <Typography variant="body1" sx={{ mb: 1.5 }}>
      {children}
    </Typography>
  ),
  ul: ({ children }) => (
    <Box component="ul" sx={{ pl: 3, mt: 0, mb: 1.5 }}>
      {children}
    </Box>
  ),
  ol: ({ children }) => (
    <Box component="ol" sx={{ pl: 3, mt: 0, mb: 1.5 }}>
      {children}
    </Box>
  ),
  li: ({ children }) => (
    <Typography component="li" variant="body1" sx={{ mb: 0.5 }}>
      {children}
    </Typography>
  ),
  a: ({ href = '', children }) => {
    if (href.startsWith('/')) {
      return (
        <Link component={RouterLink} to={href}>
          {children}
        </Link>
      );
    }
    if (href.startsWith('#')) return <Link href={href}>{children}</Link>;
    return (
      <Link href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </Link>
    );
  },
};

/** Help text written in Markdown, drawn with the console's theme. */
export function HelpMarkdown({ markdown }: { markdown: string }) {
  return <Markdown components={COMPONENTS}>{markdown}</Markdown>;
}
