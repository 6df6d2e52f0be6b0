import { Form, Input, Select } from 'antd';
import { lazyRetry } from '../../../../lib/lazyRetry';
import { FilterForm } from '../../../../components/FilterForm';
import { orderStatusValues } from '@gemqc/contract';
import { mt } from '../../i18n';
import type { CentreFilterValues } from '../filters';
import { useCt } from '../i18n';

// 商户, 创建时间 and 只看发货超时 behind 展开: their code (the date picker) and options load when opened
const MoreCentreFilters = lazyRetry(() => import('./MoreCentreFilters'));

interface Props {
  values: CentreFilterValues;
  onSearch: (values: CentreFilterValues) => void;
  onReset: () => void;
  /** The form's class and test id (the warehouse's 订单列表 has its own). */
  className?: string;
  testId?: string;
}

/**
 * The filters of 订单查询 (and of the warehouse's 订单列表: the merchant options come from the
 * portal's endpoint, see OrderPortalContext). Enter in a text field searches (barcode scanners end with Enter).
 */
export function CentreFilterForm({ values, onSearch, onReset, className = 'centre-filters', testId = 'centre-filters' }: Props) {
  const t = useCt();
  const [form] = Form.useForm<CentreFilterValues>();

  const text = (name: 'order_no' | 'waybill' | 'platform_order_id', label: string, autoFocus = false) => (
    <Form.Item name={name} label={label}>
      <Input allowClear autoFocus={autoFocus} placeholder={t('list.scanHint')} style={{ width: 180 }} onPressEnter={() => form.submit()} aria-label={label} />
    </Form.Item>
  );

  return (
    <FilterForm<CentreFilterValues>
      form={form}
      values={values}
      onSearch={onSearch}
      onReset={onReset}
      searchText={t('common.search')}
      resetText={t('common.reset')}
      className={className}
      data-testid={testId}
      more={<MoreCentreFilters />}
      moreActive={!!(values.merchant_id || values.overdue || values.dates?.some(Boolean))}
    >
      {text('order_no', t('list.orderNo'), true)}
      {text('waybill', t('list.waybill'))}
      {text('platform_order_id', t('list.platformOrderId'))}
      <Form.Item name="status" label={t('list.status')}>
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('common.all')}
          aria-label={t('list.status')}
          options={orderStatusValues.map((s) => ({ value: s, label: mt(`status.${s}`) }))}
        />
      </Form.Item>
    </FilterForm>
  );
}
