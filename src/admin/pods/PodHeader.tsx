import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/EditOutlined';
import GroupAddIcon from '@mui/icons-material/GroupAddOutlined';
import { Box, Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { PodSummary } from '../../shared/responses/pods';
import { useMessages } from '../i18n';
import { PodStatusChip } from './PodStatusChip';

/** The way back to /pods, the pod's name with its Pod ID under it, and the pod's actions. */
export function PodHeader({
  pod,
  onEdit,
  onAddMembers,
}: {
  pod: PodSummary;
  onEdit: () => void;
  onAddMembers: () => void;
}) {
  const t = useMessages();
  return (
    <>
      <Button component={RouterLink} to="/pods" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {t('pods.back')}
      </Button>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'flex-start',
          justifyContent: 'space-between',
          gap: 2,
          mb: 2,
          flexWrap: 'wrap',
        }}
      >
        <Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="h4" component="h1">
              {pod.podName}
            </Typography>
            <PodStatusChip status={pod.status} />
          </Stack>
          <Typography color="text.secondary" sx={{ fontFamily: 'monospace' }}>
            {pod.podId}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" startIcon={<EditIcon />} onClick={onEdit}>
            {t('pods.editDetails')}
          </Button>
          <Button variant="contained" startIcon={<GroupAddIcon />} onClick={onAddMembers}>
            {t('pods.addMembers')}
          </Button>
        </Stack>
      </Box>
    </>
  );
}
