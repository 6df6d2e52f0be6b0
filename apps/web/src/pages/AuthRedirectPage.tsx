import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Third-party sign-in return page: hands the hash to the opening window and closes itself. */
export default function AuthRedirectPage() {
  const { t } = useTranslation();
  useEffect(() => {
    const hash = window.location.search.slice(1) || window.location.hash.slice(1);
    if (window.opener && hash) {
      try {
        window.opener.location.href = `${window.location.origin}/login#${hash}`;
      } catch {
        /* cross-origin opener */
      }
      window.close();
    }
  }, []);
  return <div style={{ padding: 48, textAlign: 'center', color: 'rgba(0,0,0,.45)' }}>{t('error.authRedirect')}</div>;
}
