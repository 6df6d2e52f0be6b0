import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoginForm } from './LoginForm';
import { RegisterLink, RegisterPanelLoader, type RegistrationPortal } from './RegisterEntry';
import { LOGIN_PATHS } from '../../../session/loginPaths';
import { USER_TYPES, type PortalType } from '../../../lib/storage';
import { LANGUAGES, setLanguage, type Language } from '../../../i18n';
import './login.css';

type Mode = 'password' | 'sms';

/**
 * One portal's login page: title, the form, links to the other portals, language switch. With
 * `registration` (trader, base) a link under the form switches the card to the registration form.
 */
export function LoginFrame({ portal, modes, registration }: { portal: PortalType; modes: readonly Mode[]; registration?: RegistrationPortal }) {
  const { t, i18n } = useTranslation();
  // which portal's card shows its registration form (another portal's login page starts on login)
  const [registerOn, setRegisterOn] = useState<PortalType | null>(null);
  const registering = registration !== undefined && registerOn === portal;
  return (
    <div className="login-page">
      <div className="login-card">
        <div className="login-brand">
          <svg className="login-brand__logo" viewBox="0 0 32 32" aria-hidden="true">
            <path fill="#1890ff" d="M16 2 4 12l12 18 12-18z" />
            <path fill="#fff" opacity=".55" d="M16 2 10 12h12z" />
          </svg>
          <span className="login-brand__name">GemQC</span>
          <select
            className="login-lang"
            aria-label={t('login.language')}
            value={i18n.language}
            onChange={(e) => setLanguage(e.target.value as Language)}
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {l === 'zh-CN' ? '简体中文' : 'English'}
              </option>
            ))}
          </select>
        </div>
        {registration && registering ? (
          <RegisterPanelLoader portal={registration} onBack={() => setRegisterOn(null)} />
        ) : (
          <>
            <h1 className="login-title">{t(`login.title.${portal}`)}</h1>
            <p className="login-subtitle">{t('login.subtitle')}</p>
            <LoginForm key={portal} portal={portal} modes={modes} />
            {registration && <RegisterLink portal={registration} onOpen={() => setRegisterOn(portal)} />}
          </>
        )}
        <nav className="login-portals" aria-label={t('login.otherPortals')}>
          {USER_TYPES.filter((p) => p !== portal).map((p) => (
            <Link key={p} to={LOGIN_PATHS[p]} replace>
              {t(`portal.${p}`)}
            </Link>
          ))}
        </nav>
      </div>
    </div>
  );
}
