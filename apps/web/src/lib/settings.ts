import { create } from 'zustand';
import { StorageKeys, getJSON, setJSON } from './storage';

export interface Settings {
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  showSettings: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  theme: '#1890ff',
  tagsView: false,
  fixedHeader: false,
  sidebarLogo: true,
  showSettings: true,
};

function load(): Settings {
  const saved = getJSON<Partial<Settings>>(StorageKeys.settings) ?? {};
  const s = { ...DEFAULT_SETTINGS };
  if (typeof saved.theme === 'string' && /^#[0-9a-fA-F]{6}$/.test(saved.theme)) s.theme = saved.theme;
  if (typeof saved.tagsView === 'boolean') s.tagsView = saved.tagsView;
  if (typeof saved.fixedHeader === 'boolean') s.fixedHeader = saved.fixedHeader;
  if (typeof saved.sidebarLogo === 'boolean') s.sidebarLogo = saved.sidebarLogo;
  return s;
}

interface SettingsState extends Settings {
  change<K extends keyof Settings>(key: K, value: Settings[K]): void;
}

export const useSettingsStore = create<SettingsState>()((set, get) => ({
  ...load(),
  change(key, value) {
    set({ [key]: value } as Pick<Settings, typeof key>);
    const { theme, tagsView, fixedHeader, sidebarLogo } = get();
    setJSON(StorageKeys.settings, { theme, tagsView, fixedHeader, sidebarLogo });
  },
}));
