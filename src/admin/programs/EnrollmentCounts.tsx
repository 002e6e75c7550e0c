import { Box, Typography } from '@mui/material';
import { useId } from 'react';
import type { ApiEnrollmentSummary } from '../../shared/responses/programs';
import { formatCount } from '../format';
import { useMessages } from '../i18n';

/** The counts in reading order: everyone, then where they are now (active + finished + ended). */
const COUNTS = ['enrolled', 'active', 'finished', 'ended'] as const;

/**
 * A rolling program's participants counted, in the Deliveries panel: enrolled, active, finished
 * and ended, as the server counts them (enrollment-status.ts). A titled group of term and value
 * pairs, so a screen reader reads 'Enrollments, group: Enrolled 12, Active 9, ...'; a line under
 * it says what each counts.
 */
export function EnrollmentCounts({ summary }: { summary: ApiEnrollmentSummary }) {
  const t = useMessages();
  const titleId = useId();
  const helpId = useId();
  return (
    <Box role="group" aria-labelledby={titleId} aria-describedby={helpId} sx={{ mb: 2 }}>
      <Typography id={titleId} variant="subtitle2" component="h3">
        {t('delivery.panel.enrollments.title')}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 4, rowGap: 1, my: 1 }}
      >
        {COUNTS.map((count) => (
          <Box key={count}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t(`delivery.panel.enrollments.${count}`)}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0 }}>
              {formatCount(summary[count])}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography id={helpId} variant="body2" color="text.secondary">
        {t('delivery.panel.enrollments.help')}
      </Typography>
    </Box>
  );
}
