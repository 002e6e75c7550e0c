import { Chip } from '@mui/material';
import type { PodStatus } from '../../shared/constants';
import { useMessages } from '../i18n';

const COLORS = { active: 'success', inactive: 'default' } as const;

export function PodStatusChip({ status }: { status: PodStatus }) {
  const t = useMessages();
  return <Chip size="small" color={COLORS[status]} label={t(`pods.statuses.${status}`)} />;
}
