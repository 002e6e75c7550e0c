import { Box, Button, Card, LinearProgress, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useRefresh } from 'react-admin';
import { formatCount } from '../../format';
import { useMessages } from '../../i18n';
import { percentDone, useImportsUnderWay } from './importQueries';

/**
 * Above the contacts table: each import under way, its rows so far on a thin bar, and 'Show' to
 * open its progress in the dialog. Nothing while there are none. An import that leaves this list
 * has finished, so the table is loaded again to show its contacts.
 */
export function ImportsInProgress({
  enabled,
  onShow,
}: {
  enabled: boolean;
  onShow: (importId: string) => void;
}) {
  const t = useMessages();
  const refresh = useRefresh();
  const { data: imports } = useImportsUnderWay(enabled);
  const shown = useRef<ReadonlySet<string>>(new Set());

  useEffect(() => {
    if (!imports) return;
    const now = new Set(imports.map(({ id }) => id));
    const finished = [...shown.current].some((id) => !now.has(id));
    shown.current = now;
    if (finished) refresh();
  }, [imports, refresh]);

  if (!imports?.length) return null;
  return (
    <Card variant="outlined" sx={{ mb: 2, px: 2, py: 1 }}>
      <Stack spacing={1} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {imports.map((underWay) => {
          const text = t('contactImport.inProgress', {
            file: underWay.filename,
            processed: formatCount(underWay.processed),
            total: formatCount(underWay.total),
          });
          return (
            <Box component="li" key={underWay.id}>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2">{text}</Typography>
                  <LinearProgress
                    variant="determinate"
                    value={percentDone(underWay)}
                    aria-label={text}
                    sx={{ mt: 0.5, height: 4, borderRadius: 2 }}
                  />
                </Box>
                <Button size="small" onClick={() => onShow(underWay.id)}>
                  {t('contactImport.show')}
                </Button>
              </Stack>
            </Box>
          );
        })}
      </Stack>
    </Card>
  );
}
