import { Checkbox, DatePicker, Form, Input, Select } from 'antd';
import { FilterForm } from '../../../../components/FilterForm';
import { orderStatusValues } from '@gemqc/contract';
import { mt } from '../../i18n';
import { useCenterMerchants } from '../api';
import type { CenterFilterValues } from '../filters';
import { useCt } from '../i18n';

interface Props {
  values: CenterFilterValues;
  onSearch: (values: CenterFilterValues) => void;
  onReset: () => void;
  /** The form's class and test id (the warehouse's 订单列表 has its own). */
  className?: string;
  testId?: string;
}

/**
 * The filters of 订单查询 (and of the warehouse's 订单列表: the merchant options come from the
 * portal's endpoint, see OrderPortalContext). Enter in a text field searches (barcode scanners end with Enter).
 */
export function CenterFilterForm({ values, onSearch, onReset, className = 'center-filters', testId = 'center-filters' }: Props) {
  const t = useCt();
  const [form] = Form.useForm<CenterFilterValues>();
  const merchants = useCenterMerchants();

  const text = (name: 'order_no' | 'waybill' | 'platform_order_id', label: string, autoFocus = false) => (
    <Form.Item name={name} label={label}>
      <Input allowClear autoFocus={autoFocus} placeholder={t('list.scanHint')} style={{ width: 180 }} onPressEnter={() => form.submit()} aria-label={label} />
    </Form.Item>
  );

  return (
    <FilterForm<CenterFilterValues>
      form={form}
      values={values}
      onSearch={onSearch}
      onReset={onReset}
      searchText={t('common.search')}
      resetText={t('common.reset')}
      className={className}
      data-testid={testId}
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
      <Form.Item name="merchant_id" label={t('list.merchant')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 180 }}
          placeholder={t('common.all')}
          aria-label={t('list.merchant')}
          loading={merchants.isPending}
          options={merchants.data ?? []}
        />
      </Form.Item>
      <Form.Item name="dates" label={t('list.createdAt')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: 250 }} />
      </Form.Item>
      <Form.Item name="overdue" valuePropName="checked">
        <Checkbox>{t('list.overdueOnly')}</Checkbox>
      </Form.Item>
    </FilterForm>
  );
}
