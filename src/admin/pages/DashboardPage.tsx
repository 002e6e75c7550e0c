import { Box, Button, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useGetIdentity } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { DashboardFigures } from '../dashboard/DashboardFigures';
import { useMessages, type MessageKey } from '../i18n';
import { DialogLoading } from '../layout/DialogLoading';

const SHORTCUTS: { to: string; title: MessageKey; help: MessageKey }[] = [
  {
    to: '/programs',
    title: 'dashboard.shortcuts.programs',
    help: 'dashboard.shortcuts.programsHelp',
  },
  {
    to: '/products',
    title: 'dashboard.shortcuts.products',
    help: 'dashboard.shortcuts.productsHelp',
  },
  {
    to: '/contacts',
    title: 'dashboard.shortcuts.contacts',
    help: 'dashboard.shortcuts.contactsHelp',
  },
  { to: '/pods', title: 'dashboard.shortcuts.pods', help: 'dashboard.shortcuts.podsHelp' },
  // The outbox has no entry in the spec's navigation bar; it is reached from here, a program's
  // Deliveries panel and a contact's page.
  {
    to: '/messages',
    title: 'dashboard.shortcuts.messages',
    help: 'dashboard.shortcuts.messagesHelp',
  },
];

// The dialog and its form are a chunk of their own, fetched when the button is pointed at or
// pressed: most visits to the dashboard never open it.
const loadTestDialog = () => import('./test-mms/SendTestMmsDialog');
const SendTestMmsDialog = lazy(loadTestDialog);

/**
 * /dashboard: the greeting with the 'Send Test MMS' button beside it, shortcuts to the five areas,
 * then today's figures, the running programs and the recent failures, which load on their own.
 */
export default function DashboardPage() {
  const t = useMessages();
  const { identity } = useGetIdentity();
  const [testDialogOpen, setTestDialogOpen] = useState(false);
  // Each opening starts afresh (a new key); the dialog stays mounted while it closes.
  const [testDialogKey, setTestDialogKey] = useState(0);
  const firstName = (identity?.firstName as string | undefined)?.trim();

  return (
    <Box sx={{ maxWidth: 1200 }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'flex-start',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 2,
          mt: 2,
          mb: 3,
        }}
      >
        <Box>
          <Typography variant="h4" component="h1">
            {t('dashboard.hello', { name: firstName || t('dashboard.noName') })}
          </Typography>
          <Typography variant="h6" component="p" color="text.secondary">
            {t('dashboard.prompt')}
          </Typography>
        </Box>
        <Button
          variant="contained"
          onPointerEnter={() => void loadTestDialog().catch(() => undefined)}
          onFocus={() => void loadTestDialog().catch(() => undefined)}
          onClick={() => {
            setTestDialogKey((key) => key + 1);
            setTestDialogOpen(true);
          }}
        >
          {t('dashboard.sendTestMms')}
        </Button>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(5, 1fr)' },
          gap: 2,
          mb: 4,
        }}
      >
        {SHORTCUTS.map((shortcut) => (
          <Card key={shortcut.to} variant="outlined">
            <CardActionArea component={RouterLink} to={shortcut.to} sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                  {t(shortcut.title)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(shortcut.help)}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
      <DashboardFigures />
      {testDialogKey > 0 && (
        <Suspense fallback={<DialogLoading onClose={() => setTestDialogOpen(false)} />}>
          <SendTestMmsDialog
            key={testDialogKey}
            open={testDialogOpen}
            onClose={() => setTestDialogOpen(false)}
          />
        </Suspense>
      )}
    </Box>
  );
}
