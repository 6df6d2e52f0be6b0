import { Card, Col, Descriptions, Row, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatFen } from '../../../lib/money';
import { VideoPlayerModal, type PlayableRecording } from '../../recordings';
import { useOrderDetail } from '../api';
import { serverOffset } from '../components/DeadlineCountdown';
import { OrderActions } from '../components/OrderActions';
import {
  fmtDateTime as fmt,
  OrderCodesCard,
  OrderDetailHeader,
  OrderItemsCard,
  OrderRecordingsCard,
  OrderTimelineCard,
  type DetailKeys,
} from '../components/OrderDetailParts';
import { PlatformSyncStatus } from '../components/PlatformSync';
import { ResultTag } from '../components/ResultTag';
import { WaybillModal } from '../components/WaybillModal';
import { useMt } from '../i18n';
import { InterceptionPanel } from '../../interception';
import { OrderLookup } from '../components/OrderLookup';
import { ORDER_PATHS } from '../paths';

/** Keys of the merchant namespace for the shared detail blocks. */
const DETAIL_KEYS: DetailKeys = {
  category: 'orders.category',
  declaredValue: 'orders.declaredValue',
  certificates: 'detail.certificate',
  verify: 'detail.verifyCode',
  codeState: 'codes.state',
  bound: 'codes.bound',
  unbound: 'codes.unbound',
};

/** 订单详情: the order, its timeline, items with results, certificates, recordings and codes. */
export default function OrderDetailPage() {
  const t = useMt();
  const [sp] = useSearchParams();
  const id = sp.get('id');
  const q = useOrderDetail(id);
  const [waybill, setWaybill] = useState(false);
  const [playing, setPlaying] = useState<PlayableRecording | null>(null);

  if (!id || q.isError) return <OrderLookup to={ORDER_PATHS.detail} notFound={!!id} />;
  if (q.isPending) return <Card><Skeleton active paragraph={{ rows: 10 }} /></Card>;

  const d = q.data;
  const o = d.order;
  const offset = serverOffset(d.server_time, q.dataUpdatedAt);
  return (
    <div className="merchant-page">
      <OrderDetailHeader
        order={o}
        offsetMs={offset}
        toolbarClass="merchant-toolbar"
        countdownLabel={t('orders.countdown')}
        actions={<OrderActions order={o} onWaybill={() => setWaybill(true)} />}
        interceptAlert={{ title: t('orders.interceptNotice', { reason: o.intercept_reason || '—' }) }}
      />

      <Row gutter={[12, 12]}>
        <Col xs={24} xl={16}>
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            <InterceptionPanel portal="trader" order={o} />
            <Card title={t('detail.basic')} size="small">
              <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
                <Descriptions.Item label={t('orders.platformOrderId')}>{o.platform_order_id || '—'}</Descriptions.Item>
                <Descriptions.Item label={t('orders.shop')}>{o.shop_name || '—'}</Descriptions.Item>
                <Descriptions.Item label={t('orders.centre')}>{o.centre_name}</Descriptions.Item>
                <Descriptions.Item label={t('orders.buyer')}>{o.buyer_name}</Descriptions.Item>
                <Descriptions.Item label={t('orders.buyerPhone')}>{o.buyer_phone_full || o.buyer_phone}</Descriptions.Item>
                <Descriptions.Item label={t('orders.declaredValue')}>{formatFen(o.declared_value)}</Descriptions.Item>
                <Descriptions.Item label={t('orders.buyerAddress')} span={3}>{o.buyer_address}</Descriptions.Item>
                <Descriptions.Item label={t('orders.waybill')}>{o.inbound_waybill ? `${o.inbound_carrier} ${o.inbound_waybill}` : '—'}</Descriptions.Item>
                <Descriptions.Item label={t('orders.outboundWaybill')}>{o.outbound_waybill ? `${o.outbound_carrier} ${o.outbound_waybill}` : '—'}</Descriptions.Item>
                <Descriptions.Item label={t('sync.label')}>
                  <PlatformSyncStatus sync={o.platform_sync} />
                </Descriptions.Item>
                <Descriptions.Item label={t('detail.fee')}>{formatFen(o.fee_total)}</Descriptions.Item>
                <Descriptions.Item label={t('orders.startTime')}>{fmt(o.start_time)}</Descriptions.Item>
                <Descriptions.Item label={t('orders.deadline')}>{fmt(o.ship_deadline)}</Descriptions.Item>
                <Descriptions.Item label={t('orders.createdAt')}>{fmt(o.created_at)}</Descriptions.Item>
                {o.remark && <Descriptions.Item label={t('orders.remark')} span={3}>{o.remark}</Descriptions.Item>}
              </Descriptions>
            </Card>

            <OrderItemsCard d={d} t={t} keys={DETAIL_KEYS} renderResult={(result) => <ResultTag result={result} />} />
            <OrderRecordingsCard d={d} t={t} onPlay={setPlaying} />
            <OrderCodesCard d={d} t={t} keys={DETAIL_KEYS} />
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <OrderTimelineCard events={d.events} title={t('detail.timeline')} />
        </Col>
      </Row>

      <WaybillModal order={waybill ? o : null} onClose={() => setWaybill(false)} />
      <VideoPlayerModal recording={playing} onClose={() => setPlaying(null)} />
    </div>
  );
}
