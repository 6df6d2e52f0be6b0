import { Alert, Descriptions, Typography } from 'antd';
import { Link } from 'react-router';
import type { ReturnContact } from '@gemqc/contract';
import { useIt } from '../i18n';

/** The merchant's 检测信息 page, where a 退货地址 is entered. */
const CHECK_INFO = '/trader/order/checkInfo';

/**
 * Where intercepted goods go back (the merchant's 检测信息): contact, phone, 退货地址 and method.
 * The merchant itself, when it has no address, is asked for one with a link to 检测信息.
 */
export function ReturnContactInfo({ to, merchantView = false }: { to: ReturnContact; merchantView?: boolean }) {
  const t = useIt();
  if (merchantView && !to.address)
    return <Alert type="error" showIcon title={t('panel.askAddress')} description={<Link to={CHECK_INFO}>{t('panel.fillAddress')}</Link>} data-testid="return-address-ask" />;
  return (
    <Descriptions size="small" column={1} title={t('panel.returnTo')} data-testid="return-contact">
      <Descriptions.Item label={t('panel.returnContact')}>{to.contact || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('panel.returnMobile')}>{to.mobile ? <a href={`tel:${to.mobile}`}>{to.mobile}</a> : '—'}</Descriptions.Item>
      <Descriptions.Item label={t('panel.returnAddress')}>{to.address || <Typography.Text type="danger">{t('panel.noAddress')}</Typography.Text>}</Descriptions.Item>
      {to.method_text && <Descriptions.Item label={t('panel.returnMethod')}>{to.method_text}</Descriptions.Item>}
    </Descriptions>
  );
}

/** A row's short form for a list cell: contact and phone, then the address (or that there is none). */
export function ReturnContactCell({ to }: { to: ReturnContact }) {
  const t = useIt();
  return (
    <span data-testid="return-contact-cell">
      {to.contact} <a href={`tel:${to.mobile}`}>{to.mobile}</a>
      <div className="small">{to.address || <Typography.Text type="danger">{t('panel.noAddress')}</Typography.Text>}</div>
    </span>
  );
}
