import { Button, Empty, Space, Tag, Typography } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import type { ShopItem } from '@gemqc/contract';
import { ListError } from '../../../components/ListState';
import { useShopsT } from '../i18n';
import { useAuthorizeShop, useShops } from '../api';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { inChina } from '../../../lib/chinaTime';

const STATUS_COLOR: Record<string, string> = { active: 'success', expired: 'warning', revoked: 'default' };
const fmt = (v: string | null) => (v ? inChina(v).format('YYYY-MM-DD HH:mm') : '—');

export function AuthorizeShopButton({ type = 'primary' }: { type?: 'primary' | 'default' }) {
  const t = useShopsT();
  const auth = useAuthorizeShop();
  return (
    <Button type={type} icon={<ShopOutlined />} loading={auth.isPending || auth.isSuccess} onClick={() => auth.mutate()}>
      {auth.isSuccess ? t('shops.authorizing') : t('shops.authorize')}
    </Button>
  );
}

/** The merchant's shops with their authorisation state. */
export function ShopList({ selectable, selected, onSelect }: { selectable?: boolean; selected?: string; onSelect?: (s: ShopItem) => void }) {
  const t = useShopsT();
  const shops = useShops();
  const list = shops.data?.list ?? [];
  // a failed load is not "no shops": offering 授权店铺 then would send an authorised merchant to authorise again
  if (shops.isError) return <ListError error={shops.error} onRetry={() => void shops.refetch()} retrying={shops.isFetching} framed />;
  if (!shops.isPending && list.length === 0) {
    return (
      <Empty description={t('shops.noShops')}>
        <AuthorizeShopButton />
      </Empty>
    );
  }
  return (
    <ResponsiveTable<ShopItem>
      rowKey="id"
      size="small"
      loading={shops.isPending}
      dataSource={list}
      pagination={false}
      scroll={{ x: 720 }}
      rowSelection={
        selectable
          ? { type: 'radio', selectedRowKeys: selected ? [selected] : [], onChange: (_k, rows) => rows[0] && onSelect?.(rows[0]) }
          : undefined
      }
      onRow={(r) => (selectable ? { onClick: () => onSelect?.(r), style: { cursor: 'pointer' } } : {})}
      columns={[
        {
          title: t('orders.shop'),
          dataIndex: 'shop_name',
          render: (v: string, r) => (
            <Space orientation="vertical" size={0}>
              <span>{v}</span>
              <Typography.Text type="secondary" className="small">
                {r.platform} · {r.shop_id}
              </Typography.Text>
            </Space>
          ),
        },
        { title: t('orders.status'), dataIndex: 'status', width: 110, render: (v: string, r) => <Tag color={STATUS_COLOR[v]}>{t(`shops.shopStatus.${v}`, { defaultValue: r.status_text })}</Tag> },
        { title: t('shops.lastPulled'), dataIndex: 'last_pulled_at', width: 150, render: fmt },
        { title: t('shops.authorisedAt'), dataIndex: 'authorised_at', width: 150, render: fmt },
      ]}
    />
  );
}
