/** What other features may use from codes (tag codes): the warehouse's bind and unbind. */
export { useBindCode, useUnbindCode } from './api';
