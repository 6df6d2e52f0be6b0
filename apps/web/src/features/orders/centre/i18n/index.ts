import { useTranslation } from 'react-i18next';
import { registerNamespace } from '../../../../i18n';
import zhCN from './zh-CN';

/** i18n namespace of the service centre's order pages. */
export const CENTRE_NS = 'centre';

// Registered when the first of these pages loads (the bundle travels with the lazy page chunks).
registerNamespace(CENTRE_NS, zhCN, () => import('./en-US'));

/** `t` of the centre namespace. */
export function useCt() {
  return useTranslation(CENTRE_NS).t;
}

