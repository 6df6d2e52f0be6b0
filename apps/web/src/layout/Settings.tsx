import { useState } from 'react';
import { lazyRetry } from '../lib/lazyRetry';
import { LazyPart } from '../components/LazyPart';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSettingsStore } from '../lib/settings';

const loadDrawer = () => import('./SettingsDrawer');
const SettingsDrawer = lazyRetry(loadDrawer);

/**
 * The settings button and drawer: theme colour, tags view, fixed header, sidebar logo (persisted).
 * The drawer (ColorPicker, Switch, Drawer) is loaded on first use; hovering or focusing the button
 * starts loading it early. `docked`: an icon of the navbar (phones, where a floating button would
 * cover the page), else the fixed button on the right edge.
 */
export function Settings({ docked = false }: { docked?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const theme = useSettingsStore((s) => s.theme);
  const show = () => {
    setUsed(true);
    setOpen(true);
  };
  return (
    <>
      {docked ? (
        <button type="button" className="navbar-icon navbar-icon--button" aria-label={t('navbar.settings')} onFocus={() => void loadDrawer()} onClick={show}>
          <SettingOutlined />
        </button>
      ) : (
        <button
          type="button"
          className="right-panel-btn"
          aria-label={t('navbar.settings')}
          style={{ background: theme }}
          onMouseEnter={() => void loadDrawer()}
          onFocus={() => void loadDrawer()}
          onClick={show}
        >
          <SettingOutlined />
        </button>
      )}
      {used && (
        <LazyPart fallback={null}>
          <SettingsDrawer open={open} onClose={() => setOpen(false)} />
        </LazyPart>
      )}
    </>
  );
}
