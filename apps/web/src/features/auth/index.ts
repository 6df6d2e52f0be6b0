/** What other features may use from auth. */
export { loadSelectOptions } from './api';
