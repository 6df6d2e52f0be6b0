import { Form, Input, Select } from 'antd';
import { lazyRetry } from '../../../lib/lazyRetry';
import { FilterForm } from '../../../components/FilterForm';
import { orderStatusValues } from '@gemqc/contract';
import type { OrderFilterValues } from '../filters';
import { useMt } from '../i18n';

interface Props {
  values: OrderFilterValues;
  onSearch: (values: OrderFilterValues) => void;
  onReset: () => void;
}

// 品类, 店铺, 创建时间 and 超时 behind 展开: their code (the date picker) and options load when opened
const MoreOrderFilters = lazyRetry(() => import('./MoreOrderFilters'));

/** Whether the URL's filters use one of the fields behind 展开 (the form then opens with them shown). */
export function usesMoreFilters(v: OrderFilterValues): boolean {
  return !!(v.category_id || v.shop_id || v.overdue || v.dates?.some(Boolean));
}

/** The filters of 检测管理. Enter in any text field searches (barcode scanners end with Enter). */
export function OrderFilterForm({ values, onSearch, onReset }: Props) {
  const t = useMt();
  const [form] = Form.useForm<OrderFilterValues>();

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
      more={<MoreOrderFilters />}
      moreActive={usesMoreFilters(values)}
    >
      {text('order_no', t('orders.orderNo'), true)}
      {text('waybill', t('orders.waybill'))}
      {text('platform_order_id', t('orders.platformOrderId'))}
      <Form.Item name="status" label={t('orders.status')}>
        <Select allowClear style={{ width: 140 }} placeholder={t('common.all')} options={orderStatusValues.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
      </Form.Item>
    </FilterForm>
  );
}
