import { useTranslation } from 'react-i18next';
import { ErrorPage } from './ErrorPage';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return <ErrorPage code="404" text={t('error.notFound')} />;
}
