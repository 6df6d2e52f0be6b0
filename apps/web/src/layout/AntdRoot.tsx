import { useEffect, type ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
// the pickers' "now" is China's (sets dayjs' default zone)
import '../lib/chinaTime';
import { useTranslation } from 'react-i18next';
import { useSettingsStore } from '../lib/settings';
import { useAppStore } from '../app/stores/app';
import { ANTD_BUTTON_CONFIG, CONFIRM_MOTION, setUi } from '../lib/ui';
import { antdSize } from './size';

/** Hands antd's context-aware message and modal to the request layer (static-safe). */
function UiBridge() {
  const { message, modal } = App.useApp();
  useEffect(() => {
    setUi({
      message: {
        success: (c, d) => message.success(c, d),
        error: (c, d) => message.error(c, d),
        warning: (c, d) => message.warning(c, d),
        info: (c, d) => message.info(c, d),
      },
      confirm: (o) => {
        modal.confirm({ ...o, ...CONFIRM_MOTION });
      },
    });
    return () => setUi(null);
  }, [message, modal]);
  return null;
}

/** antd theme (colour from settings), size (cookie) and locale (language) for the shell. */
export function AntdRoot({ children }: { children: ReactNode }) {
  const colorPrimary = useSettingsStore((s) => s.theme);
  const size = useAppStore((s) => s.size);
  const { i18n } = useTranslation();
  const en = i18n.language === 'en-US';
  useEffect(() => {
    dayjs.locale(en ? 'en' : 'zh-cn');
  }, [en]);
  return (
    <ConfigProvider
      locale={en ? enUS : zhCN}
      componentSize={antdSize(size)}
      button={ANTD_BUTTON_CONFIG}
      // antd's default algorithm (not named: antd's `theme` export also carries the dark and compact ones)
      theme={{
        token: { colorPrimary, ...(size === 'mini' ? { fontSize: 12, controlHeightSM: 22 } : {}) },
      }}
    >
      <App className="antd-app-root">
        <UiBridge />
        {children}
      </App>
    </ConfigProvider>
  );
}
