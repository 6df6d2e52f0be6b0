import { Alert, Button, Card, Descriptions, Image, Result, Spin, Tag } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CertificateVerifyData } from '@gemqc/contract';
import { LANGUAGES, setLanguage, type Language } from '../../../i18n';
import { ApiError, BASE_URL } from '../../../lib/request';
import { parseTime } from '../../../lib/time';
import { useCertificate } from '../api';
import { useVt } from '../i18n';
import '../verify.css';

const resultColour: Record<string, string> = { pass: 'success', fail: 'error', unable: 'default' };

function Details({ c }: { c: CertificateVerifyData }) {
  const t = useVt();
  const unit = c.mass_unit === 'ct' || c.mass_unit === 'g' ? t(`units_${c.mass_unit}`) : c.mass_unit;
  const rows: { key: string; label: string; value: string | null }[] = [
    { key: 'certificateNo', label: t('certificateNo'), value: c.certificate_no },
    { key: 'itemName', label: t('itemName'), value: c.item_name },
    { key: 'category', label: t('category'), value: c.category_name },
    { key: 'mass', label: t('mass'), value: c.mass === null ? null : `${c.mass} ${unit}` },
    { key: 'shape', label: t('measured.shape'), value: c.shape },
    { key: 'colour', label: t('measured.colour'), value: c.colour },
    { key: 'refractiveIndex', label: t('measured.refractive_index'), value: c.refractive_index },
    { key: 'density', label: t('measured.density'), value: c.density },
    { key: 'magnification', label: t('measured.magnification'), value: c.magnification },
    { key: 'purity', label: t('measured.purity'), value: c.purity },
    { key: 'centre', label: t('centre'), value: c.centre_name },
    { key: 'issuedAt', label: t('issuedAt'), value: parseTime(c.issued_at) },
    { key: 'verifyCode', label: t('verifyCode'), value: c.verify_code },
  ];
  return (
    <>
      <div className="verify-conclusion" data-testid="verify-conclusion">
        <div className="verify-conclusion__label">{t('conclusion')}</div>
        <div className="verify-conclusion__text">{c.conclusion}</div>
        <Tag color={resultColour[c.result] ?? 'default'}>{t(`result_${c.result}`, { defaultValue: c.result_text })}</Tag>
      </div>
      <Alert type="success" showIcon title={t('genuine', { centre: c.centre_name })} className="verify-genuine" />
      <Descriptions
        bordered
        size="small"
        column={1}
        items={rows.filter((r) => r.value).map((r) => ({ key: r.key, label: r.label, children: r.value }))}
      />
      {c.photo_urls.length > 0 && (
        <section className="verify-photos" data-testid="verify-photos">
          <h2 className="verify-photos__title">{t('photos')}</h2>
          <Image.PreviewGroup>
            <div className="verify-photos__grid">
              {c.photo_urls.map((u, i) => (
                <Image key={u} src={`${BASE_URL}${u}`} width={96} height={96} style={{ objectFit: 'cover' }} alt={t('photoAlt', { n: i + 1 })} />
              ))}
            </div>
          </Image.PreviewGroup>
        </section>
      )}
    </>
  );
}

/**
 * /verify/:code — the public certificate check a buyer opens by scanning the tag (docs/domain.md#inspection):
 * no login, no shell, phone-sized; shows the certificate only (the server sends no merchant or
 * buyer data). The app gives it the antd theme and language (app/VerifyRoute.tsx).
 */
export default function VerifyPage() {
  const t = useVt();
  const { i18n } = useTranslation();
  const code = (useParams().code ?? '').trim();
  const q = useCertificate(code);
  const notFound = !code || (q.error instanceof ApiError && (q.error.code === 1004 || q.error.code === 1001));

  return (
    <div className="verify-page">
      <div className="verify-card">
        <header className="verify-head">
          <svg className="verify-head__logo" viewBox="0 0 32 32" aria-hidden="true">
            <path fill="#1890ff" d="M16 2 4 12l12 18 12-18z" />
            <path fill="#fff" opacity=".55" d="M16 2 10 12h12z" />
          </svg>
          <div className="verify-head__text">
            <h1 className="verify-title">{t('title')}</h1>
            <p className="verify-subtitle">{t('subtitle')}</p>
          </div>
          <select className="verify-lang" aria-label={t('language')} value={i18n.language} onChange={(e) => setLanguage(e.target.value as Language)}>
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {l === 'zh-CN' ? '简体中文' : 'English'}
              </option>
            ))}
          </select>
        </header>
        <Card variant="borderless" className="verify-body">
          {notFound ? (
            <Result status="warning" title={t('notFound')} subTitle={t('notFoundHint', { code: code || '-' })} />
          ) : q.isError ? (
            <Result
              status="error"
              title={t('failed')}
              subTitle={q.error instanceof Error ? q.error.message : ''}
              extra={
                <Button type="primary" onClick={() => void q.refetch()}>
                  {t('retry')}
                </Button>
              }
            />
          ) : q.data ? (
            <Details c={q.data} />
          ) : (
            <div className="verify-loading">
              <Spin />
              <span>{t('loading')}</span>
            </div>
          )}
        </Card>
        <footer className="verify-footer">{t('footer')}</footer>
      </div>
    </div>
  );
}
