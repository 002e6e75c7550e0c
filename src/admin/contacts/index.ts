import ContactIcon from '@mui/icons-material/PeopleOutline';
import { lazy } from 'react';

/** The contacts resource: list at /contacts, create at /contacts/create, edit at /contacts/{id}. */
export const contacts = {
  list: lazy(() => import('./ContactList')),
  create: lazy(() => import('./ContactCreate')),
  edit: lazy(() => import('./ContactEdit')),
  icon: ContactIcon,
  recordRepresentation: 'fullName',
};
