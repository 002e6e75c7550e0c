import { Chip } from '@mui/material';
import type { ContactStatus, Role } from '../../shared/constants';
import { useMessages } from '../i18n';

/** Role tag colours of spec section 6: admin danger, host warning, participant primary. */
const ROLE_COLORS = { admin: 'error', host: 'warning', participant: 'primary' } as const;
const STATUS_COLORS = {
  active: 'success',
  inactive: 'default',
  suspended: 'warning',
  deleted: 'error',
} as const;

export function ContactRoleChip({ role }: { role: Role }) {
  const t = useMessages();
  return <Chip size="small" color={ROLE_COLORS[role]} label={t(`contacts.roles.${role}`)} />;
}

export function ContactStatusChip({ status }: { status: ContactStatus }) {
  const t = useMessages();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLORS[status]}
      label={t(`contacts.statuses.${status}`)}
    />
  );
}
