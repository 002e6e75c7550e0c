import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { POD_MEMBER_ROLES } from '../../shared/constants';
import { useMessages } from '../i18n';
import { useDebouncedValue } from '../lists/useDebouncedValue';
import { NO_FILTERS, type CandidateFilters } from './useCandidates';

const STATUSES = ['active', 'inactive'] as const;

/** Search, role and status filters of the add-members list, and Clear. */
export function CandidateFilterBar({
  filters,
  onChange,
}: {
  filters: CandidateFilters;
  onChange: (filters: CandidateFilters) => void;
}) {
  const t = useMessages();
  const [text, setText] = useState(filters.q);
  // When the search changes from outside (Clear), show it in the box.
  const [shown, setShown] = useState(filters.q);
  if (filters.q !== shown) {
    setShown(filters.q);
    setText(filters.q);
  }
  const settled = useDebouncedValue(text);
  useEffect(() => {
    // Only a search the user has paused on (not one replaced since, e.g. by Clear) is sent.
    const q = settled.trim();
    if (settled !== text || q === filters.q) return;
    onChange({ ...filters, q });
  }, [settled, text, filters, onChange]);

  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField
        type="search"
        size="small"
        label={t('pods.addSearch')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        sx={{ flex: '1 1 240px' }}
        autoFocus
      />
      <TextField
        select
        size="small"
        label={t('contacts.fields.role')}
        value={filters.role}
        onChange={(event) =>
          onChange({ ...filters, role: event.target.value as CandidateFilters['role'] })
        }
        sx={{ width: 160 }}
      >
        <MenuItem value="">{t('contacts.allRoles')}</MenuItem>
        {POD_MEMBER_ROLES.map((role) => (
          <MenuItem key={role} value={role}>
            {t(`contacts.roles.${role}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('contacts.fields.status')}
        value={filters.status}
        onChange={(event) =>
          onChange({ ...filters, status: event.target.value as CandidateFilters['status'] })
        }
        sx={{ width: 160 }}
      >
        <MenuItem value="">{t('contacts.allStatuses')}</MenuItem>
        {STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {t(`contacts.statuses.${status}`)}
          </MenuItem>
        ))}
      </TextField>
      <Button
        onClick={() => {
          // The typed text goes too, so a pending search does not come back after the reset.
          setText('');
          onChange(NO_FILTERS);
        }}
      >
        {t('lists.clear')}
      </Button>
    </Stack>
  );
}
