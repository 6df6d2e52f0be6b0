import { Form, Input, Select } from 'antd';
import { FilterForm } from '../../../components/FilterForm';
import type { MerchantFilterValues } from '../filters';
import { useAt } from '../i18n';

interface Props {
  values: MerchantFilterValues;
  onSearch: (values: MerchantFilterValues) => void;
  onReset: () => void;
}

/** Filters of 商户列表: keyword, account status, testing-authorisation status. */
export function MerchantFilterForm({ values, onSearch, onReset }: Props) {
  const t = useAt();
  const [form] = Form.useForm<MerchantFilterValues>();

  return (
    <FilterForm<MerchantFilterValues>
      form={form}
      values={values}
      onSearch={onSearch}
      onReset={onReset}
      searchText={t('common.search')}
      resetText={t('common.reset')}
      className="madmin-filters"
    >
      <Form.Item name="keyword" label={t('list.keyword')}>
        <Input allowClear maxLength={50} placeholder={t('list.keywordPlaceholder')} style={{ width: 260 }} onPressEnter={() => form.submit()} aria-label={t('list.keyword')} />
      </Form.Item>
      <Form.Item name="status_id" label={t('list.status')}>
        <Select
          allowClear
          style={{ width: 120 }}
          placeholder={t('common.all')}
          aria-label={t('list.status')}
          options={[
            { value: 1, label: t('list.enabled') },
            { value: 0, label: t('list.disabled') },
          ]}
        />
      </Form.Item>
      <Form.Item name="auth_status_id" label={t('list.authStatus')}>
        <Select
          allowClear
          style={{ width: 130 }}
          placeholder={t('common.all')}
          aria-label={t('list.authStatus')}
          options={[0, 1, 2, -1].map((s) => ({ value: s, label: t(`auth.${s}`) }))}
        />
      </Form.Item>
    </FilterForm>
  );
}
