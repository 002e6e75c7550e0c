import { Box, Card, CardContent, Typography, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A titled card below a record's main content (a program's Deliveries, a contact's Conversation),
 * named by its title for assistive technology, with its actions (a link, a button) beside the
 * title, or under it where the screen is too narrow. Where it stands (its margin) is the caller's.
 */
export function PanelCard({
  title,
  action,
  children,
  sx,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  sx?: SxProps<Theme>;
}) {
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={sx}>
      <CardContent>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'baseline',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            gap: 1,
            mb: 1,
          }}
        >
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}
