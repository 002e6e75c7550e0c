import ContactIcon from '@mui/icons-material/PeopleOutline';
import { lazyScreen } from '../screens';

/** The contacts resource: list at /contacts, create at /contacts/create, edit at /contacts/{id}. */
export const contacts = {
  list: lazyScreen(() => import('./ContactList')),
  create: lazyScreen(() => import('./ContactCreate')),
  edit: lazyScreen(() => import('./ContactEdit')),
  icon: ContactIcon,
  recordRepresentation: 'fullName',
};
