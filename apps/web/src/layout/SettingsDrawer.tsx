import { ColorPicker, Drawer, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettingsStore } from '../lib/settings';

const PRESETS = ['#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'];

/** The settings drawer itself (its own chunk: loaded when the settings button is first used). */
export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const s = useSettingsStore();
  return (
    <Drawer open={open} onClose={onClose} title={t('settings.title')} size={300}>
      <div className="drawer-item">
        <span>{t('settings.theme')}</span>
        <ColorPicker
          value={s.theme}
          disabledAlpha
          presets={[{ label: t('settings.theme'), colors: PRESETS }]}
          onChangeComplete={(c) => s.change('theme', c.toHexString())}
        />
      </div>
      <div className="drawer-item">
        <span>{t('settings.tagsView')}</span>
        <Switch checked={s.tagsView} onChange={(v) => s.change('tagsView', v)} />
      </div>
      <div className="drawer-item">
        <span>{t('settings.fixedHeader')}</span>
        <Switch checked={s.fixedHeader} onChange={(v) => s.change('fixedHeader', v)} />
      </div>
      <div className="drawer-item">
        <span>{t('settings.sidebarLogo')}</span>
        <Switch checked={s.sidebarLogo} onChange={(v) => s.change('sidebarLogo', v)} />
      </div>
    </Drawer>
  );
}
