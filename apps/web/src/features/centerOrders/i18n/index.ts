import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n';
import zhCN from './zh-CN';
import enUS from './en-US';

/** i18n namespace of the service centre's order pages. */
export const CENTER_NS = 'center';

// Registered when the first of these pages loads (the bundle travels with the lazy page chunks).
if (!i18n.hasResourceBundle('zh-CN', CENTER_NS)) {
  i18n.addResourceBundle('zh-CN', CENTER_NS, zhCN, true, true);
  i18n.addResourceBundle('en-US', CENTER_NS, enUS, true, true);
}

/** `t` of the centre namespace. */
export function useCt() {
  return useTranslation(CENTER_NS).t;
}

export const ct = (key: string, options?: Record<string, unknown>): string => i18n.t(key, { ns: CENTER_NS, ...options });
