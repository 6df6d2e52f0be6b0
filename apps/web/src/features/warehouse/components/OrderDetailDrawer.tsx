import { Button, Col, Descriptions, Drawer, Empty, Row, Skeleton, Space } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatYuan } from '../../../lib/number';
import { useCt } from '../../centerOrders';
import {
  OrderCodesCard,
  OrderDetailHeader,
  OrderItemsCard,
  OrderRecordingsCard,
  OrderTimelineCard,
  ResultTag,
  fmtDateTime,
  serverOffset,
  type DetailKeys,
} from '../../orders';
import { VideoPlayerModal, type PlayableRecording } from '../../recordings';
import { useWarehouseOrderDetail } from '../api';
import { useWt } from '../i18n';
import { WAREHOUSE_PATHS } from '../paths';

/** Text keys of the service centre's namespace the shared detail blocks use. */
const CENTER_KEYS: DetailKeys = {
  category: 'detail.category',
  declaredValue: 'detail.declaredValue',
  certificates: 'detail.certificates',
  verify: 'detail.verify',
  recordingKinds: 'detail.kinds',
  codeState: 'detail.codeState',
  bound: 'detail.bound',
  unbound: 'detail.unbound',
};

/** 订单详情 of the warehouse: the service centre's detail blocks fed by the warehouse endpoint. */
export function OrderDetailDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const t = useCt();
  const wt = useWt();
  const q = useWarehouseOrderDetail(id);
  const [playing, setPlaying] = useState<PlayableRecording | null>(null);
  const d = q.data;

  return (
    <Drawer open={!!id} onClose={onClose} size={Math.min(1100, window.innerWidth)} title={wt('orders.detailTitle')} data-testid="order-drawer">
      {q.isPending && !!id ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : !d ? (
        <Empty description={t('detail.notFound')} />
      ) : (
        <div className="center-page">
          <OrderDetailHeader
            order={d.order}
            offsetMs={serverOffset(d.server_time, q.dataUpdatedAt)}
            toolbarClass="center-toolbar"
            countdownLabel={t('detail.countdown')}
            interceptAlert={{ title: t('detail.intercepted', { reason: d.order.intercept_reason || '—' }) }}
            actions={
              <Space>
                <Link to={`${WAREHOUSE_PATHS.inspection}?code=${encodeURIComponent(d.order.order_no)}`}>{wt('scan.title')}</Link>
                <Button icon={<ReloadOutlined />} loading={q.isFetching} onClick={() => void q.refetch()}>
                  {t('common.refresh')}
                </Button>
              </Space>
            }
          />
          <Row gutter={[12, 12]}>
            <Col xs={24} xl={16}>
              <Space orientation="vertical" size={12} style={{ width: '100%' }}>
                <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }}>
                  <Descriptions.Item label={t('detail.merchant')}>{d.order.merchant_name}</Descriptions.Item>
                  <Descriptions.Item label={t('detail.shop')}>{d.order.shop_name || '—'}</Descriptions.Item>
                  <Descriptions.Item label={t('detail.buyer')}>{d.order.buyer_name}</Descriptions.Item>
                  <Descriptions.Item label={t('detail.buyerPhone')}>{d.order.buyer_phone_full || d.order.buyer_phone}</Descriptions.Item>
                  <Descriptions.Item label={t('detail.buyerAddress')} span={2}>
                    {d.order.buyer_address}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('detail.inbound')}>{d.order.inbound_waybill ? `${d.order.inbound_carrier} ${d.order.inbound_waybill}` : '—'}</Descriptions.Item>
                  <Descriptions.Item label={t('detail.outbound')}>{d.order.outbound_waybill ? `${d.order.outbound_carrier} ${d.order.outbound_waybill}` : '—'}</Descriptions.Item>
                  <Descriptions.Item label={t('detail.declaredValue')}>{formatYuan(d.order.declared_value)}</Descriptions.Item>
                  <Descriptions.Item label={t('detail.fee')}>{formatYuan(d.order.fee_total)}</Descriptions.Item>
                  <Descriptions.Item label={t('detail.deadline')}>{fmtDateTime(d.order.ship_deadline)}</Descriptions.Item>
                  <Descriptions.Item label={t('detail.shippedAt')}>{fmtDateTime(d.order.shipped_at)}</Descriptions.Item>
                </Descriptions>
                <OrderItemsCard d={d} t={t} keys={CENTER_KEYS} renderResult={(r) => <ResultTag result={r} />} />
                <OrderRecordingsCard d={d} t={t} keys={CENTER_KEYS} onPlay={setPlaying} />
                <OrderCodesCard d={d} t={t} keys={CENTER_KEYS} scrollX={600} />
              </Space>
            </Col>
            <Col xs={24} xl={8}>
              <OrderTimelineCard events={d.order ? d.events : []} title={t('detail.timeline')} />
            </Col>
          </Row>
          <VideoPlayerModal recording={playing} onClose={() => setPlaying(null)} />
        </div>
      )}
    </Drawer>
  );
}
