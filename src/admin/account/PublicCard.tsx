import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LOGIN_PATH } from '../providers/authProvider';
import { SimulationBanner } from '../simulation/SimulationBanner';

/** The frame of the pages people reach without signing in: a centred card, like /login. */
export function PublicCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
      }}
    >
      <SimulationBanner />
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
        <Card sx={{ width: '100%', maxWidth: 440 }} component="main">
          <CardContent>
            <Typography variant="h5" component="h1" gutterBottom>
              {title}
            </Typography>
            {children}
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}

/** An error these pages cannot get past, with the way back to /login. */
export function ErrorWithLogin({ message, label }: { message: string; label: string }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" component={RouterLink} to={LOGIN_PATH}>
          {label}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
