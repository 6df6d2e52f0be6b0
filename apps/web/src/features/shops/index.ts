export { useShops } from './api';
