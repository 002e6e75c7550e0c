import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A table cell of two lines: what the row is about, and a quieter line under it (the phone under
 * a name, the day under a program, the media under a reply). Either line may be missing. `text`
 * cells keep a message's line breaks and wrap its long words.
 */
export function TwoLineCell({
  main,
  below,
  text = false,
}: {
  main?: ReactNode;
  below?: ReactNode;
  text?: boolean;
}) {
  return (
    <Box sx={text ? { maxWidth: 480 } : undefined}>
      {main ? (
        <Typography
          variant="body2"
          sx={text ? { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } : undefined}
        >
          {main}
        </Typography>
      ) : null}
      {below ? (
        <Typography variant="body2" color="text.secondary">
          {below}
        </Typography>
      ) : null}
    </Box>
  );
}
