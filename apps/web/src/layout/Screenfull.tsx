import { useEffect, useState } from 'react';
import { App, Tooltip } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import screenfull from 'screenfull';
import { useTranslation } from 'react-i18next';

/** Toggles full screen; unsupported browsers get the warning 'you browser can not work'. */
export function toggleFullscreen(warn: (text: string) => void, text: string): boolean {
  if (!screenfull.isEnabled) {
    warn(text);
    return false;
  }
  void screenfull.toggle();
  return true;
}

export function Screenfull() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [full, setFull] = useState(false);
  useEffect(() => {
    if (!screenfull.isEnabled) return;
    const onChange = () => setFull(screenfull.isFullscreen);
    screenfull.on('change', onChange);
    return () => screenfull.off('change', onChange);
  }, []);
  const Icon = full ? FullscreenExitOutlined : FullscreenOutlined;
  return (
    <Tooltip title={t('navbar.fullscreen')} placement="bottom">
      <Icon
        className="navbar-icon"
        role="button"
        aria-label={t('navbar.fullscreen')}
        onClick={() => toggleFullscreen((x) => message.warning(x), t('screenfull.unsupported'))}
      />
    </Tooltip>
  );
}
