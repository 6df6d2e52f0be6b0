import { Checkbox, DatePicker, Form, Input, Select } from 'antd';
import { FilterForm } from '../../../components/FilterForm';
import { orderStatusValues } from '@gemqc/contract';
import { useGemName, useGems } from '../../catalogue';
import { useShops } from '../../shops';
import type { OrderFilterValues } from '../filters';
import { useMt } from '../i18n';

interface Props {
  values: OrderFilterValues;
  onSearch: (values: OrderFilterValues) => void;
  onReset: () => void;
}

/** The filters of 检测管理. Enter in any text field searches (barcode scanners end with Enter). */
export function OrderFilterForm({ values, onSearch, onReset }: Props) {
  const t = useMt();
  const [form] = Form.useForm<OrderFilterValues>();
  const gems = useGems();
  const gemName = useGemName();
  const shops = useShops();

  const text = (name: keyof OrderFilterValues, label: string, autoFocus = false) => (
    <Form.Item name={name} label={label}>
      <Input allowClear autoFocus={autoFocus} placeholder={t('orders.scanHint')} style={{ width: 190 }} onPressEnter={() => form.submit()} />
    </Form.Item>
  );

  return (
    <FilterForm<OrderFilterValues>
      form={form}
      values={values}
      onSearch={onSearch}
      onReset={onReset}
      searchText={t('common.search')}
      resetText={t('common.reset')}
      className="merchant-filters"
      style={{ rowGap: 12 }}
    >
      {text('order_no', t('orders.orderNo'), true)}
      {text('waybill', t('orders.waybill'))}
      {text('platform_order_id', t('orders.platformOrderId'))}
      <Form.Item name="status" label={t('orders.status')}>
        <Select allowClear style={{ width: 140 }} placeholder={t('common.all')} options={orderStatusValues.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
      </Form.Item>
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
    </FilterForm>
  );
}
