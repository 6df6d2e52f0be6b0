import { useTranslation } from 'react-i18next';
import { ErrorPage } from './ErrorPage';

export default function UnauthorizedPage() {
  const { t } = useTranslation();
  return <ErrorPage code="401" text={t('error.unauthorized')} />;
}
