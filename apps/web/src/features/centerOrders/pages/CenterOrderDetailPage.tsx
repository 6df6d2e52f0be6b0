import { Button, Card, Col, Descriptions, Row, Skeleton, Space } from 'antd';
import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatYuan } from '../../../lib/number';
import {
  fmtDateTime as fmt,
  mt,
  OrderCodesCard,
  OrderDetailHeader,
  OrderItemsCard,
  OrderRecordingsCard,
  OrderTimelineCard,
  ResultBadge,
  serverOffset,
  type DetailKeys,
} from '../../orders';
import { VideoPlayerModal, type PlayableRecording } from '../../recordings';
import { useCenterOrderDetail } from '../api';
import { OrderLookup } from '../components/OrderLookup';
import { useCt } from '../i18n';
import { CENTER_PATHS } from '../paths';
import '../center.css';

/** Keys of the centre namespace for the shared detail blocks. */
const DETAIL_KEYS: DetailKeys = {
  category: 'detail.category',
  declaredValue: 'detail.declaredValue',
  certificates: 'detail.certificates',
  verify: 'detail.verify',
  recordingKinds: 'detail.kinds',
  codeState: 'detail.codeState',
  bound: 'detail.bound',
  unbound: 'detail.unbound',
};

/** 订单详情 (service centre): the order, its items and results, certificates, recordings, codes and timeline. */
export default function CenterOrderDetailPage() {
  const t = useCt();
  const navigate = useNavigate();
  const [sp] = useSearchParams();
  const id = sp.get('id');
  const q = useCenterOrderDetail(id);
  const [playing, setPlaying] = useState<PlayableRecording | null>(null);

  if (!id || q.isError) return <OrderLookup notFound={!!id} />;
  if (q.isPending)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );

  const d = q.data;
  const o = d.order;
  const offset = serverOffset(d.server_time, q.dataUpdatedAt);

  return (
    <div className="center-page">
      <OrderDetailHeader
        order={o}
        offsetMs={offset}
        toolbarClass="center-toolbar"
        countdownLabel={t('detail.countdown')}
        actions={
          <Space>
            <Button icon={<ArrowLeftOutlined />} onClick={() => ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate(CENTER_PATHS.list))}>
              {t('common.back')}
            </Button>
            <Button icon={<ReloadOutlined />} loading={q.isFetching} onClick={() => void q.refetch()}>
              {t('common.refresh')}
            </Button>
          </Space>
        }
        interceptAlert={{ 'data-testid': 'intercept-alert', title: t('detail.intercepted', { reason: o.intercept_reason || '—' }) }}
      />

      <Row gutter={[12, 12]}>
        <Col xs={24} xl={16}>
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            <Card title={t('detail.basic')} size="small">
              <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
                <Descriptions.Item label={t('detail.merchant')}>{o.merchant_name}</Descriptions.Item>
                <Descriptions.Item label={t('detail.shop')}>{o.shop_name || '—'}</Descriptions.Item>
                <Descriptions.Item label={t('detail.platformOrderId')}>{o.platform_order_id || '—'}</Descriptions.Item>
                <Descriptions.Item label={t('detail.buyer')}>{o.buyer_name}</Descriptions.Item>
                <Descriptions.Item label={t('detail.buyerPhone')}>{o.buyer_phone_full || o.buyer_phone}</Descriptions.Item>
                <Descriptions.Item label={t('detail.declaredValue')}>{formatYuan(o.declared_value)}</Descriptions.Item>
                <Descriptions.Item label={t('detail.buyerAddress')} span={3}>
                  {o.buyer_address}
                </Descriptions.Item>
                <Descriptions.Item label={t('detail.inbound')}>{o.inbound_waybill ? `${o.inbound_carrier} ${o.inbound_waybill}` : '—'}</Descriptions.Item>
                <Descriptions.Item label={t('detail.outbound')}>{o.outbound_waybill ? `${o.outbound_carrier} ${o.outbound_waybill}` : '—'}</Descriptions.Item>
                <Descriptions.Item label={t('detail.fee')}>{formatYuan(o.fee_total)}</Descriptions.Item>
                <Descriptions.Item label={t('detail.startTime')}>{fmt(o.start_time)}</Descriptions.Item>
                <Descriptions.Item label={t('detail.deadline')}>{fmt(o.ship_deadline)}</Descriptions.Item>
                <Descriptions.Item label={t('detail.shippedAt')}>{fmt(o.shipped_at)}</Descriptions.Item>
                <Descriptions.Item label={t('detail.createdAt')}>{fmt(o.created_at)}</Descriptions.Item>
                {o.remark && (
                  <Descriptions.Item label={t('detail.remark')} span={3}>
                    {o.remark}
                  </Descriptions.Item>
                )}
              </Descriptions>
            </Card>

            <OrderItemsCard
              d={d}
              t={t}
              keys={DETAIL_KEYS}
              renderResult={(result) => <ResultBadge result={result} resultText={(r) => mt(`result.${r}`, { defaultValue: r })} noResult={t('detail.noResult')} />}
            />
            <OrderRecordingsCard d={d} t={t} keys={DETAIL_KEYS} onPlay={setPlaying} />
            <OrderCodesCard d={d} t={t} keys={DETAIL_KEYS} scrollX={600} />
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <OrderTimelineCard events={d.events} title={t('detail.timeline')} />
        </Col>
      </Row>

      <VideoPlayerModal recording={playing} onClose={() => setPlaying(null)} />
    </div>
  );
}
