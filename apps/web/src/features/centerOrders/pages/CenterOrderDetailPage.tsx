import { Alert, Button, Card, Col, Descriptions, Empty, Row, Skeleton, Space, Table, Tag, Timeline, Typography } from 'antd';
import { ArrowLeftOutlined, PlayCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import type { OrderDetail } from '@gemqc/contract';
import { formatYuan } from '../../../lib/number';
import { DeadlineCountdown, StatusTag, serverOffset } from '../../orders';
import { VideoPlayerModal, type PlayableRecording } from '../../recordings';
import { useCenterOrderDetail } from '../api';
import { InspectionFields, ResultTag } from '../components/ItemResult';
import { OrderLookup } from '../components/OrderLookup';
import { useCt } from '../i18n';
import { CENTER_PATHS } from '../paths';
import '../center.css';

const fmt = (v: string | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '—');

type Item = OrderDetail['items'][number];
type Inspection = OrderDetail['inspections'][number];
type Code = OrderDetail['codes'][number];

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
  const inspectionOf = new Map<string, Inspection>(d.inspections.map((i) => [i.item_id, i]));

  const itemColumns = [
    { title: t('detail.itemName'), dataIndex: 'name', key: 'name' },
    { title: t('detail.category'), dataIndex: 'category_name', key: 'category' },
    { title: t('detail.weight'), key: 'weight', render: (_: unknown, r: Item) => (r.weight !== null ? `${r.weight} ${r.unit}` : '—') },
    { title: t('detail.declaredValue'), key: 'value', align: 'right' as const, render: (_: unknown, r: Item) => formatYuan(r.declared_value) },
    { title: t('detail.result'), key: 'result', render: (_: unknown, r: Item) => <ResultTag result={r.result} /> },
    { title: t('detail.conclusion'), key: 'conclusion', render: (_: unknown, r: Item) => inspectionOf.get(r.id)?.conclusion || '—' },
    { title: t('detail.certificateNo'), dataIndex: 'certificate_no', key: 'cert', render: (v: string | null) => v || '—' },
    { title: t('detail.code'), dataIndex: 'bound_code', key: 'code', render: (v: string | null) => (v ? <span className="mono">{v}</span> : '—') },
    {
      title: t('detail.fee'),
      key: 'fee',
      align: 'right' as const,
      render: (_: unknown, r: Item) => (r.inspection_fee === null && r.certificate_fee === null ? '—' : formatYuan((r.inspection_fee ?? 0) + (r.certificate_fee ?? 0))),
    },
  ];

  return (
    <div className="center-page">
      <Card>
        <div className="center-toolbar" style={{ marginBottom: 0 }}>
          <Space size={12} wrap align="center">
            <Typography.Title level={4} style={{ margin: 0 }} className="mono">
              {o.order_no}
            </Typography.Title>
            <StatusTag status={o.status} />
            {o.remaining_seconds !== null && (
              <Space size={4}>
                <Typography.Text type="secondary">{t('detail.countdown')}</Typography.Text>
                <DeadlineCountdown deadline={o.ship_deadline} active offsetMs={offset} />
              </Space>
            )}
          </Space>
          <Space>
            <Button icon={<ArrowLeftOutlined />} onClick={() => ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate(CENTER_PATHS.list))}>
              {t('common.back')}
            </Button>
            <Button icon={<ReloadOutlined />} loading={q.isFetching} onClick={() => void q.refetch()}>
              {t('common.refresh')}
            </Button>
          </Space>
        </div>
        {o.status === 'intercepted' && (
          <Alert style={{ marginTop: 12 }} type="error" showIcon data-testid="intercept-alert" title={t('detail.intercepted', { reason: o.intercept_reason || '—' })} />
        )}
      </Card>

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

            <Card title={t('detail.items')} size="small">
              <Table<Item>
                rowKey="id"
                size="small"
                pagination={false}
                columns={itemColumns}
                dataSource={d.items}
                scroll={{ x: 900 }}
                expandable={{
                  rowExpandable: (r) => inspectionOf.has(r.id),
                  expandedRowRender: (r) => <InspectionFields ins={inspectionOf.get(r.id)} />,
                }}
              />
              {d.certificates.length > 0 && (
                <Descriptions size="small" column={1} style={{ marginTop: 12 }} title={t('detail.certificates')}>
                  {d.certificates.map((c) => (
                    <Descriptions.Item key={c.id} label={c.certificate_no}>
                      <Space wrap>
                        <span>{c.conclusion}</span>
                        <Typography.Text type="secondary">{fmt(c.issued_at)}</Typography.Text>
                        <a href={c.verify_url} target="_blank" rel="noreferrer">
                          {t('detail.verify')} {c.verify_code}
                        </a>
                      </Space>
                    </Descriptions.Item>
                  ))}
                </Descriptions>
              )}
            </Card>

            <Card title={t('detail.recordings')} size="small">
              {d.recordings.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noRecordings')} />
              ) : (
                <Space wrap>
                  {d.recordings.map((r) => (
                    <Button key={r.id} icon={<PlayCircleOutlined />} onClick={() => setPlaying(r)}>
                      {t(`detail.kinds.${r.kind}`, { defaultValue: r.kind_text })} · {fmt(r.uploaded_at)}
                    </Button>
                  ))}
                </Space>
              )}
            </Card>

            <Card title={t('detail.codes')} size="small">
              <Table<Code>
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={d.codes}
                locale={{ emptyText: t('detail.noCodes') }}
                scroll={{ x: 600 }}
                columns={[
                  { title: t('detail.code'), dataIndex: 'code', render: (v: string) => <span className="mono">{v}</span> },
                  { title: t('detail.itemName'), dataIndex: 'item_name' },
                  { title: t('detail.boundAt'), dataIndex: 'bound_at', render: fmt },
                  { title: t('detail.operator'), dataIndex: 'bound_by_name' },
                  {
                    title: t('detail.codeState'),
                    dataIndex: 'state',
                    render: (v: string) => <Tag color={v === 'bound' ? 'success' : 'default'}>{t(v === 'bound' ? 'detail.bound' : 'detail.unbound')}</Tag>,
                  },
                ]}
              />
            </Card>
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <Card title={t('detail.timeline')} size="small">
            <Timeline
              items={[...d.events].reverse().map((e, i) => ({
                color: i === 0 ? 'blue' : 'gray',
                content: (
                  <div>
                    <StatusTag status={e.to_status} />
                    <div className="small muted" style={{ marginTop: 4 }}>
                      {fmt(e.created_at)} · {e.actor_name || e.actor_type}
                    </div>
                    {e.reason && <div className="small">{e.reason}</div>}
                  </div>
                ),
              }))}
            />
          </Card>
        </Col>
      </Row>

      <VideoPlayerModal recording={playing} onClose={() => setPlaying(null)} />
    </div>
  );
}
