import ProductIcon from '@mui/icons-material/TextsmsOutlined';
import { lazyScreen } from '../screens';

/** The products resource: list at /products, create at /products/create, edit at /products/edit/{id}. */
export const products = {
  list: lazyScreen(() => import('./ProductList').then((m) => ({ default: m.ProductList }))),
  create: lazyScreen(() => import('./ProductCreate')),
  edit: lazyScreen(() => import('./ProductEdit')),
  icon: ProductIcon,
  recordRepresentation: 'name',
};
