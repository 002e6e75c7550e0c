import OptedOutIcon from '@mui/icons-material/BlockOutlined';
import WarningIcon from '@mui/icons-material/WarningAmberOutlined';
import { Box, Stack, Tooltip } from '@mui/material';
import { useState } from 'react';
import { DataTable, SelectInput } from 'react-admin';
import { CONSENT_STATES, type ConsentState } from '../../shared/consent';
import { CONTACT_STATUSES, ROLES, type Role } from '../../shared/constants';
import type { ApiUser } from '../../shared/responses/users';
import { formatDateTime } from '../format';
import { useMessages } from '../i18n';
import { ErrorBanner } from '../lists/ErrorBanner';
import { DateTimeCol } from '../lists/DateTimeCol';
import { choicesOf } from '../lists/filterInputs';
import { LinkButton } from '../lists/ListParts';
import { ListScreen } from '../lists/ListScreen';
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

/**
 * /contacts: search over name, email and phone; role, status, consent and phone-needs-attention
 * filters; sortable columns; rows selected across pages make a pod. Paging, sorting and filtering happen on the server.
 */
export default function ContactList() {
  const t = useMessages();
  const [exportError, setExportError] = useState<string | null>(null);
  // Staff who may add contacts (admins, hosts) may import them; the server checks each row's role.
  const mayImport = (useManagedRoles()?.length ?? 0) > 0;
  const importDialog = useImportDialog();
  const roleName = (role: string) => t(`contacts.roles.${role as Role}`);
  const consentName = (state: string) => t(`conversations.filter.states.${state as ConsentState}`);

  return (
    <ListScreen
      list="contacts"
      statuses={CONTACT_STATUSES}
      action={
        <Stack direction="row" spacing={1}>
          <ExportCsvButton onError={setExportError} />
          {mayImport && <ImportContactsButton onClick={() => importDialog.open()} />}
          <LinkButton to="/contacts/create" text="contacts.createNew" primary />
        </Stack>
      }
      notices={
        <>
          <ErrorBanner message={exportError} onClose={() => setExportError(null)} />
          <ImportsInProgress enabled={mayImport} onShow={importDialog.open} />
          {importDialog.dialog}
        </>
      }
      filters={[
        <SelectInput
          source="role"
          emptyText={t('contacts.allRoles')}
          choices={choicesOf(ROLES, roleName)}
        />,
        <SelectInput
          source="consent"
          emptyText={t('conversations.filter.all')}
          choices={choicesOf(CONSENT_STATES, consentName)}
        />,
        // Its source is also the phone column's: the filter names itself.
        <SelectInput
          source="phone"
          label={t('contacts.phoneFilter.label')}
          emptyText={t('contacts.phoneFilter.all')}
          choices={[{ id: 'needs_attention', name: t('contacts.phoneFilter.needsAttention') }]}
        />,
      ]}
      tags={{
        role: (role) => t('contacts.roleFilterTag', { role: roleName(role) }),
        consent: (state) => t('conversations.filter.tag', { state: consentName(state) }),
        phone: () => t('contacts.phoneFilter.needsAttention'),
      }}
      rowClick={(id) => contactEditPath(id)}
      isRowSelectable={isSelectable}
      bulkActionButtons={<CreatePodButton />}
      body={SelectableRowsBody}
    >
      <DataTable.Col source="fullName" />
      <DataTable.Col source="email" render={(contact: ApiUser) => <Email contact={contact} />} />
      <DataTable.Col source="phone" render={(contact: ApiUser) => <Phone contact={contact} />} />
      <DataTable.Col
        source="role"
        render={(contact: ApiUser) => <ContactRoleChip role={contact.role} />}
      />
      <DataTable.Col
        source="status"
        render={(contact: ApiUser) => <ContactStatusChip status={contact.status} />}
      />
      <DataTable.Col
        source="verified"
        render={(contact: ApiUser) => <Verification contact={contact} />}
      />
      <DateTimeCol source="createdAt" />
      <DateTimeCol source="lastLogin" />
    </ListScreen>
  );
}
