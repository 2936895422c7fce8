import { lazy } from 'react';

// Admin controls shown inside shopper pages. They come from the admin chunk, loaded only when an
// admin is signed in, so shoppers never download the back office.
const fromAdmin = (name) => lazy(() => import(/* webpackChunkName: "admin" */ './admin').then((m) => ({ default: m[name] })));

export const ProductAdminToolbar = fromAdmin('ProductAdminToolbar');
export const EmptyCatalogAdminAction = fromAdmin('EmptyCatalogAdminAction');
export const ProductAdminActions = fromAdmin('ProductAdminActions');
export const ProductStockMark = fromAdmin('StockMark');
