import { Button, Card, Empty, Skeleton, Space } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import type { OrderDetail } from '@gemqc/contract';
import { formatFen } from '../../../lib/money';
import { useOrderDetail } from '../api';
import { useMt } from '../i18n';
import { OrderLookup } from '../components/OrderLookup';
import { inspectionRows } from '../components/OrderDetailParts';
import { ORDER_PATHS } from '../paths';
import './report.css';
import { VerifyQr } from '../../inspection';
import { inChina } from '../../../lib/chinaTime';

const fmt = (v: string | null | undefined, f = 'YYYY-MM-DD HH:mm') => (v ? inChina(v).format(f) : '—');

/** 订单详情 (checkReport): a printable inspection report of one order. */
export default function CheckReportPage() {
  const t = useMt();
  const navigate = useNavigate();
  const [sp] = useSearchParams();
  const id = sp.get('id');
  const q = useOrderDetail(id);

  if (!id || q.isError) return <OrderLookup to={ORDER_PATHS.report} notFound={!!id} />;
  if (q.isPending) return <Card><Skeleton active paragraph={{ rows: 12 }} /></Card>;

  const d = q.data;
  return (
    <div className="merchant-page">
      <Card size="small" className="no-print">
        <Space wrap>
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
            {t('detail.printReport')}
          </Button>
          <Button onClick={() => navigate(ORDER_PATHS.detail(d.order.id))}>{t('detail.title')}</Button>
          <Button onClick={() => navigate(-1)}>{t('common.back')}</Button>
        </Space>
      </Card>
      <Report d={d} />
    </div>
  );
}

function Report({ d }: { d: OrderDetail }) {
  const t = useMt();
  const o = d.order;
  const insOf = new Map(d.inspections.map((i) => [i.item_id, i]));
  const certOf = new Map(d.certificates.map((c) => [c.item_id, c]));
  return (
    <article className="report-sheet print-area" data-testid="report">
      <header className="report-head">
        <div>
          <div className="report-brand">GemQC</div>
          <h1>{t('detail.reportTitle')}</h1>
        </div>
        <dl className="report-meta">
          <dt>{t('orders.orderNo')}</dt>
          <dd className="mono">{o.order_no}</dd>
          <dt>{t('orders.centre')}</dt>
          <dd>{o.centre_name}</dd>
          <dt>{t('orders.status')}</dt>
          <dd>{t(`status.${o.status}`, { defaultValue: o.status_text })}</dd>
        </dl>
      </header>
      <table className="report-table">
        <tbody>
          <tr>
            <th>{t('orders.platformOrderId')}</th>
            <td>{o.platform_order_id || '—'}</td>
            <th>{t('orders.shop')}</th>
            <td>{o.shop_name || '—'}</td>
          </tr>
          <tr>
            <th>{t('orders.buyer')}</th>
            <td>{o.buyer_name}</td>
            <th>{t('orders.createdAt')}</th>
            <td>{fmt(o.created_at)}</td>
          </tr>
        </tbody>
      </table>
      {d.items.length === 0 && <Empty />}
      {d.items.map((it, idx) => {
        const ins = insOf.get(it.id);
        const cert = certOf.get(it.id);
        // the inspector has a row of its own below
        const fields = ins ? inspectionRows(ins).filter(([k, v]) => k !== 'measured.inspector' && v) : [];
        return (
          <section key={it.id} className="report-item">
            <h2>
              {idx + 1}. {it.name} <small>{it.category_name}</small>
            </h2>
            <table className="report-table">
              <tbody>
                <tr>
                  <th>{t('detail.result')}</th>
                  <td>{it.result ? t(`result.${it.result}`, { defaultValue: it.result_text }) : t('detail.noResult')}</td>
                  <th>{t('detail.conclusion')}</th>
                  <td><strong>{ins?.conclusion || cert?.conclusion || '—'}</strong></td>
                </tr>
                {fields.reduce<[string, string][][]>((rows, f, i) => (i % 2 ? rows[rows.length - 1]!.push(f) : rows.push([f]), rows), []).map((pair) => (
                  <tr key={pair[0]![0]}>
                    {pair.map(([k, v]) => [<th key={`${k}h`}>{t(k)}</th>, <td key={`${k}d`}>{v}</td>])}
                    {pair.length === 1 && <td colSpan={2} />}
                  </tr>
                ))}
                <tr>
                  <th>{t('detail.certificateNo')}</th>
                  <td className="mono">{cert?.certificate_no || it.certificate_no || '—'}</td>
                  <th>{t('detail.code')}</th>
                  <td className="mono">{it.bound_code || '—'}</td>
                </tr>
                {cert && (
                  <tr>
                    <th>{t('detail.verifyCode')}</th>
                    <td className="mono">{cert.verify_code}</td>
                    <th>{t('detail.issuedAt')}</th>
                    <td>{fmt(cert.issued_at)}</td>
                  </tr>
                )}
                <tr>
                  <th>{t('orders.declaredValue')}</th>
                  <td>{formatFen(it.declared_value)}</td>
                  <th>{t('measured.inspector')}</th>
                  <td>{ins?.inspector_name || '—'}</td>
                </tr>
              </tbody>
            </table>
            {cert && <VerifyQr path={cert.verify_url} />}
          </section>
        );
      })}
      <footer className="report-foot">{t('detail.reportFooter')}</footer>
    </article>
  );
}
