import OptedOutIcon from '@mui/icons-material/BlockOutlined';
import WarningIcon from '@mui/icons-material/WarningAmberOutlined';
import { Box, Button, Stack, Tooltip } from '@mui/material';
import { useState } from 'react';
import { DataTable } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { CONSENT_STATES, type ConsentState } from '../../shared/consent';
import { CONTACT_STATUSES, ROLES, type ContactStatus, type Role } from '../../shared/constants';
import type { ApiUser } from '../../shared/responses/users';
import { formatDateTime } from '../format';
import { useMessages } from '../i18n';
import { ErrorBanner } from '../lists/ErrorBanner';
import {
  EmptyList,
  FilterCard,
  ListCard,
  PageHeader,
  SearchFilter,
  SelectFilter,
  ServerList,
  useFilterTags,
} from '../lists/ListParts';
import { SelectableRowsBody } from '../lists/SelectableRowsBody';
import { ContactRoleChip, ContactStatusChip } from './ContactChips';
import { CreatePodButton } from './CreatePodButton';
import { ExportCsvButton } from './ExportCsvButton';
import { ImportContactsButton } from './import/ImportContactsButton';
import { ImportsInProgress } from './import/ImportsInProgress';
import { useImportDialog } from './import/useImportDialog';
import { useManagedRoles } from './useManagedRoles';

export const contactEditPath = (id: string | number) => `/contacts/${id}`;

/** Pods are made of participants (spec section 6), so only their rows can be selected. */
const isSelectable = (contact: ApiUser) => contact.role === 'participant';

/**
 * /contacts: search over name, email and phone; role, status, consent and phone-needs-attention
 * filters; sortable columns; rows selected across pages make a pod. Paging, sorting and filtering happen on the server.
 */
export default function ContactList() {
  return (
    <ServerList resource="contacts">
      <ContactListView />
    </ServerList>
  );
}

function Email({ contact }: { contact: ApiUser }) {
  const t = useMessages();
  if (!contact.hasCorruptedEmail) return contact.email;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {contact.email}
      <Tooltip title={t('contacts.corruptedEmail')}>
        <WarningIcon color="warning" fontSize="small" aria-label={t('contacts.corruptedEmail')} />
      </Tooltip>
    </Box>
  );
}

/** The stored phone, flagged when the phone rule would not store it (shared/phone.ts). */
function Phone({ contact }: { contact: ApiUser }) {
  const t = useMessages();
  if (!contact.phoneNeedsAttention) return contact.phone ?? '';
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {contact.phone}
      <Tooltip title={t('contacts.phoneNeedsAttention')}>
        <WarningIcon
          color="warning"
          fontSize="small"
          aria-label={t('contacts.phoneNeedsAttention')}
        />
      </Tooltip>
    </Box>
  );
}

/**
 * A participant is verified by phone (opt-in), staff by email. Whoever opted out is marked so
 * instead: no message reaches them, verified or not, until they reply START or JOIN.
 */
function Verification({ contact }: { contact: ApiUser }) {
  const t = useMessages();
  if (contact.smsOptedOutAt) {
    const when = t('conversations.filter.optedOutOn', {
      date: formatDateTime(contact.smsOptedOutAt),
    });
    return (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        <Tooltip title={when}>
          <OptedOutIcon color="error" fontSize="small" aria-label={when} />
        </Tooltip>
        {t('conversations.filter.states.opted_out')}
      </Box>
    );
  }
  const verified = contact.role === 'participant' ? contact.smsVerified : contact.emailVerified;
  return verified ? t('contacts.verified') : t('contacts.notVerified');
}

function ContactListView() {
  const t = useMessages();
  const [exportError, setExportError] = useState<string | null>(null);
  // Staff who may add contacts (admins, hosts) may import them; the server checks each row's role.
  const mayImport = (useManagedRoles()?.length ?? 0) > 0;
  const importDialog = useImportDialog();
  const tags = useFilterTags({
    q: (q) => t('contacts.searchFilterTag', { q }),
    role: (role) => t('contacts.roleFilterTag', { role: t(`contacts.roles.${role as Role}`) }),
    status: (status) =>
      t('contacts.statusFilterTag', {
        status: t(`contacts.statuses.${status as ContactStatus}`),
      }),
    consent: (state) =>
      t('conversations.filter.tag', {
        state: t(`conversations.filter.states.${state as ConsentState}`),
      }),
    phone: () => t('contacts.phoneFilter.needsAttention'),
  });

  return (
    <>
      <PageHeader
        title={t('contacts.title')}
        action={
          <Stack direction="row" spacing={1}>
            <ExportCsvButton onError={setExportError} />
            {mayImport && <ImportContactsButton onClick={() => importDialog.open()} />}
            <Button variant="contained" component={RouterLink} to="/contacts/create">
              {t('contacts.createNew')}
            </Button>
          </Stack>
        }
      />
      <ErrorBanner message={exportError} onClose={() => setExportError(null)} />
      <ImportsInProgress enabled={mayImport} onShow={importDialog.open} />
      <FilterCard tags={tags}>
        <SearchFilter label={t('contacts.fields.search')} />
        <SelectFilter
          source="role"
          label={t('contacts.fields.role')}
          allLabel={t('contacts.allRoles')}
          options={ROLES.map((role) => ({ value: role, label: t(`contacts.roles.${role}`) }))}
        />
        <SelectFilter
          source="status"
          label={t('contacts.fields.status')}
          allLabel={t('contacts.allStatuses')}
          options={CONTACT_STATUSES.map((status) => ({
            value: status,
            label: t(`contacts.statuses.${status}`),
          }))}
        />
        <SelectFilter
          source="consent"
          label={t('conversations.filter.label')}
          allLabel={t('conversations.filter.all')}
          options={CONSENT_STATES.map((state) => ({
            value: state,
            label: t(`conversations.filter.states.${state}`),
          }))}
        />
        <SelectFilter
          source="phone"
          label={t('contacts.phoneFilter.label')}
          allLabel={t('contacts.phoneFilter.all')}
          options={[{ value: 'needs_attention', label: t('contacts.phoneFilter.needsAttention') }]}
        />
      </FilterCard>
      <ListCard resource="contacts" items={t('contacts.items')}>
        <DataTable
          rowClick={(id) => contactEditPath(id)}
          isRowSelectable={isSelectable}
          bulkActionButtons={<CreatePodButton />}
          body={SelectableRowsBody}
          empty={<EmptyList text={t('lists.empty.contacts')} />}
        >
          <DataTable.Col source="fullName" label={t('contacts.fields.name')} />
          <DataTable.Col
            source="email"
            label={t('contacts.fields.email')}
            render={(contact: ApiUser) => <Email contact={contact} />}
          />
          <DataTable.Col
            source="phone"
            label={t('contacts.fields.phone')}
            render={(contact: ApiUser) => <Phone contact={contact} />}
          />
          <DataTable.Col
            source="role"
            label={t('contacts.fields.role')}
            render={(contact: ApiUser) => <ContactRoleChip role={contact.role} />}
          />
          <DataTable.Col
            source="status"
            label={t('contacts.fields.status')}
            render={(contact: ApiUser) => <ContactStatusChip status={contact.status} />}
          />
          <DataTable.Col
            source="verified"
            label={t('contacts.fields.verification')}
            render={(contact: ApiUser) => <Verification contact={contact} />}
          />
          <DataTable.Col
            source="createdAt"
            label={t('contacts.fields.createdAt')}
            render={(contact: ApiUser) => formatDateTime(contact.createdAt)}
          />
          <DataTable.Col
            source="lastLogin"
            label={t('contacts.fields.lastLogin')}
            render={(contact: ApiUser) => formatDateTime(contact.lastLogin)}
          />
        </DataTable>
      </ListCard>
      {importDialog.dialog}
    </>
  );
}
