import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoginForm } from './LoginForm';
import { LOGIN_PATHS } from '../../../app/guard';
import { USER_TYPES, type PortalType } from '../../../lib/storage';
import { LANGUAGES, setLanguage, type Language } from '../../../i18n';
import './login.css';

type Mode = 'password' | 'sms';

/** One portal's login page: title, the form, links to the other portals, language switch. */
export function LoginFrame({ portal, modes }: { portal: PortalType; modes: readonly Mode[] }) {
  const { t, i18n } = useTranslation();
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
        <h1 className="login-title">{t(`login.title.${portal}`)}</h1>
        <p className="login-subtitle">{t('login.subtitle')}</p>
        <LoginForm key={portal} portal={portal} modes={modes} />
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
