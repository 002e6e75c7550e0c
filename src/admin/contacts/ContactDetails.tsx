import { Alert, Box, Button, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ApiContactDetail, ApiUser } from '../../shared/responses/users';
import { useMessages } from '../i18n';
import { PageHeader } from '../lists/ListParts';
import { BioText } from './bio/BioText';
import { Section } from './form/Section';
import { WelcomeEmailStatus } from './WelcomeEmailStatus';

/** The address on one line, leaving out the parts that are empty. */
function addressLine(address: Partial<ApiUser['profile']['address']> | undefined): string {
  const { street, city, state, zipCode, country } = address ?? {};
  const region = [state, zipCode].filter(Boolean).join(' ');
  return [street, city, region, country].filter(Boolean).join(', ');
}

/**
 * A contact the signed-in user may look at but not change (a host opening a host or an admin):
 * the details read-only, and why there is no form, instead of a form the server would refuse.
 */
export function ContactDetails({ contact }: { contact: ApiContactDetail }) {
  const t = useMessages();
  const profile: Partial<ApiUser['profile']> = contact.profile ?? {};
  const notProvided = t('pods.notProvided');
  const verified = contact.role === 'participant' ? contact.smsVerified : contact.emailVerified;
  const rows: [string, ReactNode][] = [
    [t('contacts.fields.name'), contact.fullName],
    [t('contacts.fields.email'), contact.email],
    [t('contacts.fields.phone'), profile.phone ?? contact.phone ?? notProvided],
    [t('contacts.fields.role'), t(`contacts.roles.${contact.role}`)],
    [t('contacts.fields.status'), t(`contacts.statuses.${contact.status}`)],
    [t('contacts.fields.address'), addressLine(profile.address) || notProvided],
    [t('contacts.fields.bio'), profile.bio ? <BioText value={profile.bio} /> : notProvided],
    [t('contacts.fields.verification'), t(verified ? 'contacts.verified' : 'contacts.notVerified')],
  ];
  return (
    <Box sx={{ maxWidth: 720 }}>
      <PageHeader title={t('contacts.viewTitle')} />
      <Alert
        severity="info"
        sx={{ mb: 3 }}
        action={
          <Button color="inherit" component={RouterLink} to="/contacts">
            {t('contacts.back')}
          </Button>
        }
      >
        {t('contacts.permissions.staffByAdminsOnly')}
      </Alert>
      <Section title={t('contacts.sections.details')}>
        <Box component="dl" sx={{ m: 0 }}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ ml: 0, mb: 1.5, whiteSpace: 'pre-line' }}>
                {value}
              </Typography>
            </div>
          ))}
        </Box>
        {contact.role !== 'participant' && (
          <WelcomeEmailStatus
            contactId={contact.id}
            emailVerified={contact.emailVerified}
            welcomeEmail={contact.welcomeEmail}
            canResend={false}
          />
        )}
      </Section>
    </Box>
  );
}
