import { Card, Descriptions, Empty, Skeleton, Tag } from 'antd';
import { Link } from 'react-router';
import { useUserStore } from '../../../session/user';
import { fmtDateTime } from '../../orders';
import { useOpenBatch } from '../api';
import { useWt } from '../i18n';
import { WAREHOUSE_PATHS } from '../paths';

/** 当前批次: the open batch of this inspector's station (the next intake goes into it). */
export function BatchSummary() {
  const t = useWt();
  const me = useUserStore((s) => s.userInfo?.id);
  const q = useOpenBatch(me);
  const b = q.data;
  return (
    <Card
      size="small"
      title={t('batch.current')}
      data-testid="open-batch"
      extra={b ? <Link to={WAREHOUSE_PATHS.lot(b.id)}>{t('batch.view')}</Link> : null}
      style={{ height: '100%' }}
    >
      {q.isPending && !!me ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : b ? (
        <Descriptions size="small" column={2}>
          <Descriptions.Item label={t('lot.batchNo')} span={2}>
            <Link to={WAREHOUSE_PATHS.lot(b.id)} className="mono" data-testid="open-batch-no">
              {b.batch_no}
            </Link>
            <Tag color="processing" style={{ marginInlineStart: 8 }}>
              {t('lot.statuses.open')}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('batch.orders')}>{b.order_count}</Descriptions.Item>
          <Descriptions.Item label={t('batch.items')}>{b.item_count}</Descriptions.Item>
          <Descriptions.Item label={t('batch.openedAt')} span={2}>
            {fmtDateTime(b.opened_at)}
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('batch.none')} />
      )}
    </Card>
  );
}
