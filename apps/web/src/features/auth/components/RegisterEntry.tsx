import { Suspense, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyRetry, retryImport } from '../../../lib/lazyRetry';
import type { RegisterPanelProps, RegistrationPortal } from './RegisterPanel';

export type { RegistrationPortal } from './RegisterPanel';

/** The registration forms are a chunk of their own: the login page does not grow with them. */
const loadRegisterPanel = () => import('./RegisterPanel');

/** Starts loading the forms early (pointer over or focus on the entry link); failures wait for the click. */
export function preloadRegisterPanel(): void {
  loadRegisterPanel().catch(() => undefined);
}

function LoadFailed({ onBack, onRetry }: RegisterPanelProps) {
  const { t } = useTranslation();
  return (
    <div className="login-load-failed" role="alert">
      <p>{t('registerEntry.loadFailed')}</p>
      <div className="login-load-failed__actions">
        <button type="button" className="login-link" onClick={onRetry}>
          {t('registerEntry.retry')}
        </button>
        <button type="button" className="login-link" onClick={onBack}>
          {t('common.back')}
        </button>
      </div>
    </div>
  );
}

/** The panel as a React.lazy component; a load that fails renders the 重试 / 返回 message instead. */
export function lazyRegisterPanel(load: () => Promise<{ default: ComponentType<RegisterPanelProps> }> = loadRegisterPanel) {
  return lazyRetry<ComponentType<RegisterPanelProps>>(() => retryImport(load).catch(() => ({ default: LoadFailed })));
}
let Panel = lazyRegisterPanel();

/** The registration card content, loaded on first use (React.lazy); a failed load offers 重试. */
export function RegisterPanelLoader({ portal, onBack }: Omit<RegisterPanelProps, 'onRetry'>) {
  const { t } = useTranslation();
  const [Current, setCurrent] = useState(() => Panel);
  const retry = () => {
    Panel = lazyRegisterPanel();
    setCurrent(() => Panel);
  };
  return (
    <Suspense
      fallback={
        <div className="login-loading" role="status" aria-busy="true">
          <span className="login-spinner login-spinner--dark" aria-hidden="true" />
          {t('common.loading')}
        </div>
      }
    >
      <Current portal={portal} onBack={onBack} onRetry={retry} />
    </Suspense>
  );
}

/** 「没有账号？立即注册」 / 「服务中心入驻申请」 under the login form. */
export function RegisterLink({ portal, onOpen }: { portal: RegistrationPortal; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="login-register">
      <button type="button" className="login-link" onClick={onOpen} onPointerEnter={preloadRegisterPanel} onFocus={preloadRegisterPanel}>
        {t(`registerEntry.${portal}`)}
      </button>
    </div>
  );
}
