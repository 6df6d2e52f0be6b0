/**
 * The registration side of the login card (a lazy chunk of its own, see RegisterEntry): the
 * merchant's 商家注册 form, or the service centre's 入驻申请 form and, once sent, its result.
 */
import { useState } from 'react';
import { Button, ConfigProvider, Result } from 'antd';
import { useSettingsStore } from '../../../lib/settings';
import { ANTD_BUTTON_CONFIG } from '../../../lib/ui';
import { useRt } from '../i18n';
import { CentreRegisterForm, MerchantRegisterForm } from './RegisterForm';
import './register.css';

/** The portals with a registration form: merchants register, service centres apply. */
export type RegistrationPortal = 'trader' | 'base';

export interface RegisterPanelProps {
  portal: RegistrationPortal;
  /** Back to the login form. */
  onBack: () => void;
  /** Load the panel again (only the load-failure placeholder uses it). */
  onRetry: () => void;
}

export default function RegisterPanel({ portal, onBack }: RegisterPanelProps) {
  const t = useRt();
  const colorPrimary = useSettingsStore((s) => s.theme);
  // the mobile of a sent centre application (the card then shows the result)
  const [submitted, setSubmitted] = useState<string | null>(null);
  return (
    <ConfigProvider
      button={ANTD_BUTTON_CONFIG}
      theme={{ token: { colorPrimary, borderRadius: 6 }, components: { Input: { inputFontSizeLG: 14 }, Button: { contentFontSizeLG: 15 } } }}
    >
      <section className="register-panel">
        <h1 className="login-title">{t(`title.${portal}`)}</h1>
        {submitted === null ? (
          <>
            <p className="login-subtitle">{t(`subtitle.${portal}`)}</p>
            {portal === 'trader' ? <MerchantRegisterForm /> : <CentreRegisterForm onSubmitted={setSubmitted} />}
            <div className="login-register">
              <button type="button" className="login-link" onClick={onBack}>
                {t('toLogin')}
              </button>
            </div>
          </>
        ) : (
          <Result
            className="register-result"
            status="success"
            title={t('submittedTitle')}
            subTitle={t('submittedHint', { mobile: submitted })}
            extra={
              <Button type="primary" size="large" autoFocus onClick={onBack}>
                {t('backToLogin')}
              </Button>
            }
          />
        )}
      </section>
    </ConfigProvider>
  );
}
