import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ClickFigures } from '../../shared/responses/clicks';
import type { AnalyticsTotals } from '../../shared/responses/figures';
import { formatCount, formatCountOrNone, formatPercent } from '../format';
import { useMessages } from '../i18n';

type Figure = keyof AnalyticsTotals | 'clicked' | 'clickRate';

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
  'clicked',
  'clickRate',
];

/** The grid the cards, and their places while they load, stand in. */
export const cardGrid = {
  display: 'grid',
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
  gap: 2,
} as const;

/** How many cards there are, for their places while they load. */
export const CARD_COUNT = FIGURES.length;

function shown(figure: Figure, totals: AnalyticsTotals, clicks: ClickFigures): string {
  if (figure === 'deliveryRate') return formatPercent(totals.deliveryRate);
  // No message carried a tracked link: nothing to count, rather than 0.
  if (figure === 'clicked') return formatCountOrNone(clicks.messages > 0 ? clicks.clicked : null);
  if (figure === 'clickRate') return formatPercent(clicks.rate);
  return formatCount(totals[figure]);
}

/** One card per total, each saying in a line what it counts. */
export function FigureCards({ totals, clicks }: { totals: AnalyticsTotals; clicks: ClickFigures }) {
  const t = useMessages();
  return (
    <Box sx={cardGrid}>
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
              {shown(figure, totals, clicks)}
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
