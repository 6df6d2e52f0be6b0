import { Checkbox, DatePicker, Form, Select } from 'antd';
import { useGemName, useGems } from '../../catalogue';
import { useShops } from '../../shops';
import { useMt } from '../i18n';

/** 检测管理's filters behind 展开: category, shop, created dates, overdue (a chunk of its own). */
export default function MoreOrderFilters() {
  const t = useMt();
  const gems = useGems();
  const gemName = useGemName();
  const shops = useShops();
  return (
    <>
        <Form.Item name="category_id" label={t('orders.category')}>
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder={t('common.all')}
            loading={gems.isPending}
            options={(gems.data ?? []).map((g) => ({ value: g.id, label: gemName(g) }))}
          />
        </Form.Item>
        <Form.Item name="shop_id" label={t('orders.shop')}>
          <Select
            allowClear
            style={{ width: 160 }}
            placeholder={t('common.all')}
            loading={shops.isPending}
            options={(shops.data?.list ?? []).map((s) => ({ value: s.id, label: s.shop_name }))}
          />
        </Form.Item>
        <Form.Item name="dates" label={t('orders.createdAt')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: 250 }} />
        </Form.Item>
        <Form.Item name="overdue" valuePropName="checked">
          <Checkbox>{t('orders.overdue')}</Checkbox>
        </Form.Item>
    </>
  );
}
