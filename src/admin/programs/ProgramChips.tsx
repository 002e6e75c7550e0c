import { Chip } from '@mui/material';
import type { ProgramStatus } from '../../shared/constants';
import { useMessages } from '../i18n';

/**
 * Offering colours (spec section 3): Standard and Nuanced each have their own, and Premium, which
 * the spec knows only as a colour, keeps a third should a stored program carry it.
 */
const OFFERING_COLORS: Record<string, 'info' | 'secondary' | 'warning'> = {
  Standard: 'info',
  Nuanced: 'secondary',
  Premium: 'warning',
};

export function OfferingChip({ offering }: { offering: string }) {
  return <Chip size="small" color={OFFERING_COLORS[offering] ?? 'default'} label={offering} />;
}

const STATUS_COLORS = {
  draft: 'default',
  scheduled: 'primary',
  running: 'success',
  completed: 'default',
  paused: 'warning',
} as const;

/** Outlined, so a status never reads as an offering in the same row. */
export function ProgramStatusChip({ status }: { status: ProgramStatus }) {
  const t = useMessages();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLORS[status]}
      label={t(`programs.statuses.${status}`)}
    />
  );
}
