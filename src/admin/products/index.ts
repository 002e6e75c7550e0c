import ProductIcon from '@mui/icons-material/TextsmsOutlined';
import { lazy } from 'react';

/** The products resource: list at /products, create at /products/create, edit at /products/edit/{id}. */
export const products = {
  list: lazy(() => import('./ProductList').then((m) => ({ default: m.ProductList }))),
  create: lazy(() => import('./ProductCreate')),
  edit: lazy(() => import('./ProductEdit')),
  icon: ProductIcon,
  recordRepresentation: 'name',
};
