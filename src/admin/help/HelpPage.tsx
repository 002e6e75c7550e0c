import { Box, Card, CardContent, Link, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useMessages } from '../i18n';
import { HELP_MARKDOWN, helpSections, splitIntro } from './helpContent';
import { HelpMarkdown } from './HelpMarkdown';

const { intro, body } = splitIntro(HELP_MARKDOWN);
const SECTIONS = helpSections(body);

/**
 * /help: how Tidings works, for the staff who run programs. The text is help.md, whose limits and
 * lists come from src/shared (helpValues.ts): its introduction, a table of contents linking to
 * its sections, then the sections.
 */
export default function HelpPage() {
  const t = useMessages();
  const { hash } = useLocation();
  // An in-app link to a section (the simulation banner's) arrives without the browser's own
  // scrolling to the anchor, which only happens on a full page load.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.();
  }, [hash]);
  return (
    <Card component="article" aria-label={t('help.title')} sx={{ maxWidth: 860 }}>
      <CardContent>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('help.title')}
        </Typography>
        <HelpMarkdown markdown={intro} />
        <Box component="nav" aria-label={t('help.contents')} sx={{ mb: 2 }}>
          <Typography variant="subtitle2" component="p" color="text.secondary">
            {t('help.contents')}
          </Typography>
          <Box component="ul" sx={{ pl: 3, mt: 0.5, mb: 0 }}>
            {SECTIONS.map((section) => (
              <Typography key={section.id} component="li" variant="body2">
                {/* 24 px tall at least, so adjacent entries are targets of their own (WCAG 2.5.8). */}
                <Link href={`#${section.id}`} sx={{ display: 'inline-block', minHeight: 24 }}>
                  {section.title}
                </Link>
              </Typography>
            ))}
          </Box>
        </Box>
        <HelpMarkdown markdown={body} />
      </CardContent>
    </Card>
  );
}
