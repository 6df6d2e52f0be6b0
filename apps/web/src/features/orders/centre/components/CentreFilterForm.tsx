import { Checkbox, DatePicker, Form, Input, Select } from 'antd';
import { FilterForm } from '../../../../components/FilterForm';
import { orderStatusValues } from '@gemqc/contract';
import { mt } from '../../i18n';
import { useCentreMerchants } from '../api';
import type { CentreFilterValues } from '../filters';
import { useCt } from '../i18n';

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
  const merchants = useCentreMerchants();

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
