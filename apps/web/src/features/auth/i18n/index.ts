import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n';
import zhCN from './zh-CN';
import enUS from './en-US';

/** i18n namespace of the registration forms. */
export const REGISTER_NS = 'register';

// Registered when the registration chunk loads (the texts travel with it, not with the login page).
if (!i18n.hasResourceBundle('zh-CN', REGISTER_NS)) {
  i18n.addResourceBundle('zh-CN', REGISTER_NS, zhCN, true, true);
  i18n.addResourceBundle('en-US', REGISTER_NS, enUS, true, true);
}

/** t of the `register` namespace. */
export function useRt() {
  return useTranslation(REGISTER_NS).t;
}
