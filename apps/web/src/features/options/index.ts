/** Option lists (spec §6 "option-list loading call"): loaded after sign-in and kept for the portal's forms. */
export { loadSelectOptions } from './api';
