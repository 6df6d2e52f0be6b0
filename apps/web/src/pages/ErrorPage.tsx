import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '../session/user';
import { useHome } from '../app/session';
import { LOGIN_PATHS } from '../session/loginPaths';
import './error-page.css';

export function ErrorPage({ code, text }: { code: '404' | '401'; text: string }) {
  const { t } = useTranslation();
  const token = useUserStore((s) => s.token);
  const userType = useUserStore((s) => s.user_type);
  const landing = useHome();
  const home = token ? landing : LOGIN_PATHS[userType ?? 'trader'];
  return (
    <div className="error-page">
      <div className="error-page__code">{code}</div>
      <p className="error-page__text">{text}</p>
      <Link className="error-page__link" to={home}>
        {t('error.backHome')}
      </Link>
    </div>
  );
}
