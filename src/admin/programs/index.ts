import ProgramIcon from '@mui/icons-material/EventRepeatOutlined';
import { lazyScreen } from '../screens';

/**
 * The programs resource: list at /programs, create at /programs/create, edit at /programs/{id}
 * and /programs/edit/{id} (the list's rows open the second, as the spec says).
 */
export const programs = {
  list: lazyScreen(() => import('./ProgramList')),
  create: lazyScreen(() => import('./ProgramCreate')),
  edit: lazyScreen(() => import('./ProgramEdit')),
  icon: ProgramIcon,
  recordRepresentation: 'programName',
};
