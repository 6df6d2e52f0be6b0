export { useShops, useAuthorizeShop } from './api';
