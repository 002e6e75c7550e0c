import {
  Alert,
  Box,
  Button,
  DialogActions,
  DialogContent,
  LinearProgress,
  List,
  ListItem,
  Typography,
} from '@mui/material';
import { useEffect, useRef } from 'react';
import { useRefresh } from 'react-admin';
import type { ContactImport } from '../../../shared/responses/contact-imports';
import { OPTIN_LIMITS } from '../../../shared/delivery';
import { messages } from '../../../shared/messages';
import { formatCount } from '../../format';
import { useMessages } from '../../i18n';
import { serverMessage } from '../../providers/httpClient';
import { isUnderWay, percentDone, useContactImport } from './importQueries';
import { ReportButton } from './ReportButton';

/** How many of an import's problems the dialog lists; the report holds every one. */
const PROBLEMS_LISTED = 10;

/** A finished import's first problems, the reason it stopped if it did, and its report. */
function ImportOutcome({ job }: { job: ContactImport }) {
  const t = useMessages();
  const listed = job.errors.slice(0, PROBLEMS_LISTED);
  const more = job.errorCount - listed.length;
  return (
    <>
      {job.status === 'failed' && job.error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {job.error}
        </Alert>
      )}
      {listed.length > 0 && (
        <Box component="section" aria-label={t('contactImport.problems')} sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h3">
            {t('contactImport.problems')}
          </Typography>
          <List dense disablePadding>
            {listed.map((problem) => (
              <ListItem key={`${problem.row}-${problem.field}`} disableGutters>
                <Typography variant="body2" color="error">
                  {t('contactImport.problemLine', {
                    row: problem.row,
                    field: t(`contacts.fields.${problem.field}`),
                    message: problem.message,
                  })}
                </Typography>
              </ListItem>
            ))}
          </List>
          {more > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('contactImport.moreProblems', { count: formatCount(more) })}
            </Typography>
          )}
        </Box>
      )}
      {job.skipped > 0 && (
        <Box sx={{ mt: 2 }}>
          <ReportButton importId={job.id} />
        </Box>
      )}
    </>
  );
}

/**
 * The last step: the import's progress, asked for every second while it is queued or running,
 * then its outcome. The dialog may be closed meanwhile: the import goes on, and the contacts list
 * shows it. When it ends, the contacts list is loaded again.
 */
export function ImportProgress({ importId, onClose }: { importId: string; onClose: () => void }) {
  const t = useMessages();
  const refresh = useRefresh();
  const { data: job, error } = useContactImport(importId);
  // The dialog opens on an import under way (just started, or shown from the list).
  const runningBefore = useRef(true);
  const finished = job !== undefined && !isUnderWay(job.status);

  useEffect(() => {
    if (finished && runningBefore.current) {
      runningBefore.current = false;
      refresh();
    }
  }, [finished, refresh]);

  const progress = job
    ? t('contactImport.progress', {
        processed: formatCount(job.processed),
        total: formatCount(job.total),
      })
    : '';
  return (
    <>
      <DialogContent sx={{ pt: 0 }}>
        {job ? (
          <>
            <Box role="status" aria-live="polite">
              <Typography sx={{ fontWeight: 600 }}>
                {t(`contactImport.statuses.${job.status}`)}
              </Typography>
            </Box>
            <LinearProgress
              variant="determinate"
              value={percentDone(job)}
              aria-label={progress}
              color={job.status === 'failed' ? 'error' : 'primary'}
              sx={{ my: 1.5, height: 8, borderRadius: 4 }}
            />
            <Typography variant="body2">{progress}</Typography>
            <Typography variant="body2">
              {t('contactImport.counts', {
                created: formatCount(job.created),
                updated: formatCount(job.updated),
                skipped: formatCount(job.skipped),
              })}
            </Typography>
            {job.sendOptin && (
              <Typography variant="body2">
                {t('contactImport.optinCounts', {
                  queued: formatCount(job.optinsQueued),
                  withheld: formatCount(job.optinsWithheld),
                  days: OPTIN_LIMITS.perPhoneDays,
                })}
              </Typography>
            )}
            {finished ? (
              <ImportOutcome job={job} />
            ) : (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                {t('contactImport.closeHint')}
              </Typography>
            )}
          </>
        ) : error ? (
          <Alert severity="error">
            {serverMessage(error, messages.contactImport.progressUnavailable)}
          </Alert>
        ) : (
          <LinearProgress aria-label={t('app.loading')} />
        )}
        {job && error && !finished && (
          <Typography variant="body2" color="warning.main" sx={{ mt: 1 }}>
            {t('contactImport.progressUnavailable')}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {t('contactImport.close')}
        </Button>
      </DialogActions>
    </>
  );
}
