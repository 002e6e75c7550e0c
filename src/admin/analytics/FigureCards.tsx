import { Box, Card, CardContent, Typography } from '@mui/material';
import type { AnalyticsTotals } from '../../shared/responses/figures';
import { formatCount, formatPercent } from '../format';
import { useMessages } from '../i18n';

type Figure = keyof AnalyticsTotals;

/** The cards in reading order: what went out and became of it, then what people did. */
const FIGURES: Figure[] = [
  'sent',
  'delivered',
  'failed',
  'expired',
  'deliveryRate',
  'optIns',
  'optOuts',
  'replies',
];

const shown = (totals: AnalyticsTotals, figure: Figure) =>
  figure === 'deliveryRate' ? formatPercent(totals.deliveryRate) : formatCount(totals[figure]);

/** One card per total, each saying in a line what it counts. */
export function FigureCards({ totals }: { totals: AnalyticsTotals }) {
  const t = useMessages();
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        gap: 2,
      }}
    >
      {FIGURES.map((figure) => (
        <Card
          key={figure}
          variant="outlined"
          role="group"
          aria-labelledby={`analytics-${figure}`}
          aria-describedby={`analytics-${figure}-help`}
        >
          <CardContent>
            {/* A figure's name labels its card; as subtitle2's default h6 it broke the heading order. */}
            <Typography
              id={`analytics-${figure}`}
              variant="subtitle2"
              component="p"
              color="text.secondary"
            >
              {t(`analytics.cards.${figure}`)}
            </Typography>
            <Typography variant="h4" component="p">
              {shown(totals, figure)}
            </Typography>
            <Typography id={`analytics-${figure}-help`} variant="body2" color="text.secondary">
              {t(`analytics.cards.${figure}Help`)}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
