/** What other features may use from the service centre's order pages. */
export { useCenterOrderDetail, useCenterOrderList, centerOrderKeys } from './api';
export { CENTER_PATHS } from './paths';
