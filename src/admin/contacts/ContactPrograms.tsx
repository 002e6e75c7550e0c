import {
  Chip,
  CircularProgress,
  Link,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { ApiContactEnrollment } from '../../shared/responses/programs';
import type { ApiContactDetail } from '../../shared/responses/users';
import { formatDateTime } from '../format';
import { useMessages } from '../i18n';
import { PanelCard } from '../lists/PanelCard';
import { programEditPath } from '../programs/programPaths';
import { useContactEnrollments } from './contactQueries';
import { RestartEnrollmentButton } from './RestartEnrollmentButton';

/**
 * One program: its name (a link to it), the contact's day of it, what comes next, whether staff
 * restarted them, and the restart.
 */
function EnrollmentItem({ enrollment }: { enrollment: ApiContactEnrollment }) {
  const t = useMessages();
  const where =
    enrollment.currentDay === null
      ? t('contacts.enrollments.notStarted', { date: enrollment.startDate })
      : t('contacts.enrollments.day', { day: enrollment.currentDay, last: enrollment.lastDay });
  const next = enrollment.nextSendAt
    ? t('contacts.enrollments.next', { at: formatDateTime(enrollment.nextSendAt) })
    : null;
  const status = t(`contacts.enrollments.statuses.${enrollment.status}`, {
    at: formatDateTime(enrollment.endedAt),
  });
  const restarted =
    enrollment.run > 1 ? t('contacts.enrollments.restarted', { run: enrollment.run }) : null;
  return (
    <ListItem
      disableGutters
      secondaryAction={<Chip size="small" label={status} />}
      sx={{ flexDirection: 'column', alignItems: 'flex-start' }}
    >
      <ListItemText
        primary={
          // The console's link, in its colours (a bare anchor is the browser's blue and purple).
          <Link component={RouterLink} to={programEditPath(enrollment.programId)}>
            {enrollment.programName}
          </Link>
        }
        secondary={[where, next, restarted].filter(Boolean).join(' · ')}
      />
      <RestartEnrollmentButton enrollment={enrollment} />
    </ListItem>
  );
}

/**
 * Where the contact is in each rolling program that enrolled them: the day they are on (their own
 * day 0 onwards), when their next message goes, or that they finished or left; and a restart from
 * day 0 (their next run).
 */
export function ContactPrograms({ contact }: { contact: ApiContactDetail }) {
  const t = useMessages();
  const { data, isPending, error } = useContactEnrollments(contact.id);
  return (
    <PanelCard title={t('contacts.enrollments.title')} sx={{ mt: 3 }}>
      {isPending ? (
        <CircularProgress size={20} aria-label={t('contacts.enrollments.title')} />
      ) : error ? (
        <Typography color="error">{t('contacts.enrollments.failed')}</Typography>
      ) : data.length === 0 ? (
        <Typography color="text.secondary">{t('contacts.enrollments.none')}</Typography>
      ) : (
        <List dense>
          {data.map((enrollment) => (
            <EnrollmentItem key={enrollment.programId} enrollment={enrollment} />
          ))}
        </List>
      )}
    </PanelCard>
  );
}
