import PodIcon from '@mui/icons-material/GroupsOutlined';
import { lazyScreen } from '../screens';

/** The pods resource: list at /pods, the pod's detail at /pods/{id}. */
export const pods = {
  list: lazyScreen(() => import('./PodList')),
  detail: lazyScreen(() => import('./PodDetail')),
  icon: PodIcon,
  recordRepresentation: 'podName',
};
