import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import {
  AppBar,
  Box,
  Button,
  Drawer,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Toolbar,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useState } from 'react';
import { useLogout } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { MOBILE_MENU_MAX_WIDTH } from '../../shared/constants';
import { InboxButton } from '../inbox/InboxButton';
import { useMessages } from '../i18n';
import { DASHBOARD_PATH, isActive, NAV_ITEMS } from './navItems';

/** The top navigation bar; at 1024px and narrower it folds into a hamburger menu. */
export function TopNav() {
  const t = useMessages();
  const { pathname } = useLocation();
  const logout = useLogout();
  const compact = useMediaQuery(`(max-width:${MOBILE_MENU_MAX_WIDTH}px)`, { noSsr: true });
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <AppBar position="sticky" elevation={0}>
      <Toolbar component="nav" aria-label="Main" sx={{ gap: 0.5 }}>
        <Typography
          component={RouterLink}
          to={DASHBOARD_PATH}
          variant="h6"
          sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, mr: 2 }}
        >
          {t('app.name')}
        </Typography>
        {compact ? (
          <>
            <Box sx={{ flex: 1 }} />
            <InboxButton />
            <IconButton
              color="inherit"
              aria-label={t('nav.openMenu')}
              onClick={() => setMenuOpen(true)}
            >
              <MenuIcon />
            </IconButton>
            {/* The drawer is a modal dialog (its paper has role="dialog"), named like its list. */}
            <Drawer
              anchor="right"
              open={menuOpen}
              onClose={() => setMenuOpen(false)}
              slotProps={{ paper: { 'aria-label': t('nav.menu') } }}
            >
              <Box sx={{ width: 260 }}>
                <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
                  <IconButton aria-label={t('nav.closeMenu')} onClick={() => setMenuOpen(false)}>
                    <CloseIcon />
                  </IconButton>
                </Box>
                {/* A list holds list items only: each link is in one. */}
                <List aria-label={t('nav.menu')}>
                  {NAV_ITEMS.map((item) => (
                    <ListItem key={item.to} disablePadding>
                      <ListItemButton
                        component={RouterLink}
                        to={item.to}
                        selected={isActive(pathname, item.to)}
                        aria-current={isActive(pathname, item.to) ? 'page' : undefined}
                        onClick={() => setMenuOpen(false)}
                      >
                        <ListItemText primary={t(item.label)} />
                      </ListItemButton>
                    </ListItem>
                  ))}
                  <ListItem disablePadding>
                    <ListItemButton onClick={() => logout()}>
                      <ListItemText primary={t('nav.logout')} />
                    </ListItemButton>
                  </ListItem>
                </List>
              </Box>
            </Drawer>
          </>
        ) : (
          <>
            {NAV_ITEMS.map((item) => {
              const active = isActive(pathname, item.to);
              return (
                <Button
                  key={item.to}
                  component={RouterLink}
                  to={item.to}
                  color="inherit"
                  aria-current={active ? 'page' : undefined}
                  sx={{
                    textTransform: 'none',
                    minWidth: 0,
                    px: 1.5,
                    fontWeight: active ? 700 : 400,
                    // A light overlay on the bar left white text at 4.05:1; the dark shade keeps AA.
                    bgcolor: active ? 'primary.dark' : 'transparent',
                    '&:hover': { bgcolor: active ? 'primary.dark' : undefined },
                  }}
                >
                  {t(item.label)}
                </Button>
              );
            })}
            <Box sx={{ flex: 1 }} />
            <InboxButton />
            <Button color="inherit" sx={{ textTransform: 'none' }} onClick={() => logout()}>
              {t('nav.logout')}
            </Button>
          </>
        )}
      </Toolbar>
    </AppBar>
  );
}
