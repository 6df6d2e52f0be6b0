import { Checkbox, DatePicker, Form, Select } from 'antd';
import { useCentreMerchants } from '../api';
import { useCt } from '../i18n';

/** 订单查询's filters behind 展开: merchant, created dates, overdue only (a chunk of its own). */
export default function MoreCentreFilters() {
  const t = useCt();
  const merchants = useCentreMerchants();
  return (
    <>
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
    </>
  );
}
