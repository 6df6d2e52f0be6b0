import { Alert, Button, Space } from 'antd';
import './LodopStatusAlert.css';
import type { LodopStatus } from '@gemqc/label-designer';
import { usePt } from '../i18n';

interface Props {
  status: LodopStatus;
  onRecheck(): void;
  /** Printers found, for the ready line; omit to hide the ready line. */
  printerCount?: number;
  /** Add the "browser print / PDF still work" hint to the problem states. */
  browserHint?: boolean;
}

/** Spec §8 print-control messages: not installed (download, then reload), upgrade, not started (restart link), wait a moment, errors. */
export function LodopStatusAlert({ status, onRecheck, printerCount, browserHint }: Props) {
  const t = usePt();
  const hint = browserHint ? <div className="lodop-alert-hint">{t('browserFallback')}</div> : null;
  const reload = (
    <Button size="small" onClick={() => window.location.reload()}>
      {t('reload')}
    </Button>
  );
  switch (status.state) {
    case 'ready':
      if (printerCount === undefined) return null;
      return <Alert type="success" showIcon className="lodop-alert" data-testid="lodop-status" data-state="ready" title={t('ready', { version: status.version, count: printerCount })} />;
    case 'loading':
      return <Alert type="info" showIcon className="lodop-alert" data-testid="lodop-status" data-state="loading" title={status.message || t('checking')} />;
    case 'not-installed':
      return (
        <Alert
          type="warning"
          showIcon
          className="lodop-alert" data-testid="lodop-status"
          data-state="not-installed"
          title={status.message}
          description={hint}
          action={
            <Space>
              <Button size="small" type="primary" href={status.downloadUrl} target="_blank" rel="noopener noreferrer">
                {t('download')}
              </Button>
              {reload}
            </Space>
          }
        />
      );
    case 'not-started':
      return (
        <Alert
          type="warning"
          showIcon
          className="lodop-alert" data-testid="lodop-status"
          data-state="not-started"
          title={status.message}
          description={hint}
          action={
            <Space>
              <Button size="small" type="primary" href={status.restartUrl}>
                {t('restart')}
              </Button>
              <Button size="small" onClick={onRecheck}>
                {t('retry')}
              </Button>
            </Space>
          }
        />
      );
    case 'needs-upgrade':
      return (
        <Alert
          type="warning"
          showIcon
          className="lodop-alert" data-testid="lodop-status"
          data-state="needs-upgrade"
          title={status.message}
          description={hint}
          action={
            <Space>
              <Button size="small" type="primary" href={status.downloadUrl} target="_blank" rel="noopener noreferrer">
                {t('download')}
              </Button>
              {reload}
            </Space>
          }
        />
      );
    case 'error':
      return (
        <Alert
          type="error"
          showIcon
          className="lodop-alert" data-testid="lodop-status"
          data-state="error"
          title={status.message}
          description={hint}
          action={
            <Button size="small" onClick={onRecheck}>
              {t('retry')}
            </Button>
          }
        />
      );
  }
}
