import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import zhCN from './zh-CN';
import { StorageKeys, getItem, setItem } from '../lib/storage';

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];

export function storedLanguage(): Language {
  const v = getItem(StorageKeys.language);
  return v === 'en-US' ? 'en-US' : 'zh-CN';
}

type Bundle = Record<string, unknown>;
/** An English bundle, loaded on demand (its own chunk). */
export type BundleLoader = () => Promise<{ default: Bundle }>;

/**
 * The English bundles by namespace. zh-CN (the default and the fallback) travels with the code that
 * uses it; English is loaded only when it is (or becomes) the language, so a Chinese session never
 * downloads it.
 */
const english = new Map<string, BundleLoader>([['translation', () => import('./en-US')]]);

const englishOnDemand: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = language === 'en-US' ? english.get(namespace) : undefined;
    if (!load) return callback(null, {});
    load().then(
      (m) => callback(null, m.default as ResourceKey),
      (e: unknown) => callback(e instanceof Error ? e : new Error(String(e)), null),
    );
  },
};

/** Resolves once the stored language's texts are in (main.tsx renders after it). */
export const i18nReady: Promise<unknown> = i18n
  .use(englishOnDemand)
  .use(initReactI18next)
  .init({
    resources: { 'zh-CN': { translation: zhCN } },
    partialBundledLanguages: true,
    ns: ['translation'],
    // a feature's namespace falls back to the shared one: the domain's words (statuses, results,
    // measured fields, recording kinds) are written once, in i18n/zh-CN.ts
    fallbackNS: 'translation',
    lng: storedLanguage(),
    fallbackLng: 'zh-CN',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });

/**
 * Registers a namespace of a feature: its zh-CN texts at once, its English ones loaded with the
 * other English bundles when English is the language (a component using the namespace waits for
 * them under its Suspense boundary, as for any lazy page).
 */
export function registerNamespace(ns: string, zh: Bundle, en: BundleLoader): void {
  if (i18n.hasResourceBundle('zh-CN', ns)) return;
  i18n.addResourceBundle('zh-CN', ns, zh, true, true);
  english.set(ns, en);
  // namespaces in options.ns are loaded before a language switch completes
  const known = i18n.options.ns;
  if (Array.isArray(known) && !known.includes(ns)) known.push(ns);
  if (i18n.language === 'en-US') void i18n.loadNamespaces(ns);
}

/** Switches the language (English bundles first, so the page switches at once) and remembers it. */
export async function setLanguage(lang: Language): Promise<void> {
  setItem(StorageKeys.language, lang);
  await i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}

export default i18n;
