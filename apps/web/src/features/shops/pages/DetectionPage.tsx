import { Alert, Button, Card, Col, Progress, Row, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { PendingOrder, ShopItem } from '@gemqc/contract';
import { listTotal, useListTable, type ListSource } from '../../../components/ListState';
import { formatFen } from '../../../lib/money';
import { ORDER_PATHS } from '../../orders';
import { useShopsT } from '../i18n';
import { useStations } from '../../catalogue';
import { useShops, usePendingOrders, usePullOrders } from '../api';
import { pullInChunks, type BulkResult } from '../bulk';
import { AuthorizeShopButton, ShopList } from '../components/ShopList';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { inChina } from '../../../lib/chinaTime';

const CHUNK = 5;
const fmt = (v: string | null) => (v ? inChina(v).format('YYYY-MM-DD HH:mm') : '—');
/** The pending orders have no filters: empty means none to inspect. */
const NO_FILTERS: ListSource = { filtered: false, reset: () => undefined, refreshToken: 0 };

/** 去检测: paid shop orders that need inspection → testing orders, in bulk. */
export default function DetectionPage() {
  const t = useShopsT();
  const shops = useShops();
  const stations = useStations();
  const [picked, setPicked] = useState<ShopItem | null>(null);
  const shop = picked ?? shops.data?.list.find((s) => s.status === 'active') ?? shops.data?.list[0] ?? null;
  const [page, setPage] = useState({ page: 1, size: 20 });
  const pending = usePendingOrders(shop?.shop_id, page.page, page.size);
  // a failed load (the platform refused, the shop's token expired, ...) shows its reason and 重试, not 暂无待检测订单
  const view = useListTable(pending, NO_FILTERS, { empty: t('shops.noPending') });
  const pull = usePullOrders();
  const [selected, setSelected] = useState<string[]>([]);
  const [centre, setCentre] = useState<string | undefined>();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<BulkResult | null>(null);
  const running = progress !== null && progress.done < progress.total;

  const run = async () => {
    if (!shop || selected.length === 0) return;
    setResult(null);
    const r = await pullInChunks(
      selected,
      CHUNK,
      (chunk) => pull.mutateAsync({ shop_id: shop.shop_id, order_ids: chunk, ...(centre ? { centre_id: centre } : {}) }),
      (done, total) => setProgress({ done, total }),
    );
    setResult(r);
    setSelected([]);
  };

  return (
    <div className="merchant-page">
      <Card size="small" title={t('shops.shops')} extra={<AuthorizeShopButton type="default" />}>
        <ShopList
          selectable
          selected={shop?.id}
          onSelect={(s) => {
            setPicked(s);
            setSelected([]);
            setPage((p) => ({ ...p, page: 1 }));
          }}
        />
      </Card>
      {shop && (
        <Card size="small" title={`${t('shops.pending')} · ${shop.shop_name}`}>
          <Row gutter={[12, 12]} align="middle" style={{ marginBottom: 12 }}>
            <Col flex="auto">
              <Space wrap>
                <Typography.Text>{t('shops.selectCentre')}</Typography.Text>
                <Select
                  allowClear
                  style={{ width: 220 }}
                  placeholder={t('shops.defaultCentre')}
                  value={centre}
                  onChange={setCentre}
                  loading={stations.isPending}
                  options={(stations.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
                />
                <Button type="primary" disabled={selected.length === 0 || running} loading={running} onClick={() => void run()}>
                  {t('shops.createSelected', { count: selected.length })}
                </Button>
              </Space>
            </Col>
            {progress && (
              <Col xs={24} md={10}>
                <Progress
                  percent={progress.total ? Math.round((progress.done / progress.total) * 100) : 100}
                  status={running ? 'active' : result && result.failed.length ? 'exception' : 'success'}
                  format={() => t(running ? 'shops.creating' : 'shops.created', { done: progress.done, total: progress.total })}
                />
              </Col>
            )}
          </Row>
          {result && (
            <Alert
              style={{ marginBottom: 12 }}
              type={result.failed.length ? 'warning' : 'success'}
              showIcon
              closable={{ onClose: () => setResult(null) }}
              title={t('shops.createDone', { ok: result.created.length, fail: result.failed.length + result.skipped.length })}
              description={
                <Space orientation="vertical" size={2}>
                  {result.created.length > 0 && (
                    <Space wrap size={[8, 0]}>
                      {result.created.map((o) => (
                        <Link key={o.id} to={ORDER_PATHS.detail(o.id)}>
                          {o.order_no}
                        </Link>
                      ))}
                    </Space>
                  )}
                  {[...result.skipped, ...result.failed].map((s) => (
                    <Typography.Text key={s.platform_order_id} type="secondary">
                      {s.platform_order_id}：{s.reason}
                    </Typography.Text>
                  ))}
                </Space>
              }
            />
          )}
          <ResponsiveTable<PendingOrder>
            rowKey="platform_order_id"
            columnsKey="trader.detection"
            size="middle"
            {...view}
            scroll={{ x: 1000 }}
            rowSelection={{ selectedRowKeys: selected, onChange: (k) => setSelected(k.map(String)), preserveSelectedRowKeys: true }}
            pagination={{
              current: page.page,
              pageSize: page.size,
              total: listTotal(pending) ?? 0,
              showTotal: (total) => t('common.total', { total }),
              onChange: (p, s) => setPage({ page: s !== page.size ? 1 : p, size: s }),
            }}
            columns={[
              { title: t('orders.platformOrderId'), dataIndex: 'platform_order_id', width: 190, render: (v: string) => <span className="mono">{v}</span> },
              {
                title: t('shops.product'),
                dataIndex: 'items',
                render: (items: PendingOrder['items']) => items.map((i) => `${i.product_name} ×${i.item_num}`).join('；'),
              },
              { title: t('orders.buyer'), dataIndex: 'buyer_name', width: 140, render: (v: string, r) => <span>{v}<div className="small muted">{r.buyer_phone}</div></span> },
              { title: t('shops.amount'), dataIndex: 'pay_amount', width: 110, align: 'right', render: (v: number) => formatFen(v) },
              { title: t('shops.paidAt'), dataIndex: 'pay_time', width: 150, render: fmt },
              { title: t('orders.deadline'), dataIndex: 'exp_ship_time', width: 150, render: fmt },
            ]}
          />
        </Card>
      )}
    </div>
  );
}
