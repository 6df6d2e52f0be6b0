import { useTranslation } from 'react-i18next';
import './PendingPage.css';

/** Placeholder for pages that later issues build; shows the page title and a short note. */
export default function PendingPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <div className="pending-page" data-testid="pending-page">
      <svg className="pending-page__icon" viewBox="0 0 64 64" aria-hidden="true">
        <rect x="8" y="12" width="48" height="40" rx="4" fill="#e6f4ff" stroke="#1890ff" strokeWidth="2" />
        <path d="M18 26h28M18 34h20M18 42h12" stroke="#1890ff" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <h2 className="pending-page__title">{title}</h2>
      <p className="pending-page__note">{t('pending.note')}</p>
    </div>
  );
}
