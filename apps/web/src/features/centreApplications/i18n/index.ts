import { useTranslation } from 'react-i18next';
import { registerNamespace } from '../../../i18n';
import zhCN from './zh-CN';

/** i18n namespace of the service-centre applications. */
export const CENTRE_APPLICATIONS_NS = 'centreApplications';

// Registered when the tab's code loads (the bundle travels with the lazy page chunk).
registerNamespace(CENTRE_APPLICATIONS_NS, zhCN, () => import('./en-US'));

export function useCat() {
  return useTranslation(CENTRE_APPLICATIONS_NS).t;
}
