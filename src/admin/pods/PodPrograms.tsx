import { Card, CardContent, Link, List, ListItem, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { PodProgram } from '../../shared/responses/pods';
import { useMessages } from '../i18n';

const programEditPath = (program: PodProgram) => `/programs/edit/${program.id ?? program._id}`;

/** Which programs send to this pod, each a link to the program (spec: Pod detail). */
export function PodPrograms({ programs }: { programs: readonly PodProgram[] }) {
  const t = useMessages();
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('pods.programsTitle')}
        </Typography>
        {programs.length === 0 ? (
          <Typography color="text.secondary">{t('pods.noPrograms')}</Typography>
        ) : (
          <List dense disablePadding>
            {programs.map((program) => (
              <ListItem key={program.id ?? program._id} disableGutters>
                <Link component={RouterLink} to={programEditPath(program)}>
                  {program.programName}
                </Link>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
