import { Chip } from '@mui/material';
import type { ProductStatus } from '../../shared/constants';
import { useMessages } from '../i18n';

const COLORS = { active: 'success', inactive: 'default', archived: 'warning' } as const;

export function ProductStatusChip({ status }: { status: ProductStatus }) {
  const t = useMessages();
  return <Chip size="small" color={COLORS[status]} label={t(`products.statuses.${status}`)} />;
}
