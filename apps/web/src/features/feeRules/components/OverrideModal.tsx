import { useEffect, useState } from 'react';
import { Form, Modal, Select, Space } from 'antd';
import { certificateFeeFen, inspectionFeeFen, type FeeOverrideRow, type FeeRuleNamespace, type FeeRuleRow } from '@gemqc/contract';
import { showErrorOnce } from '../../../lib/request';
import { useFeeMerchants, useSaveFee } from '../api';
import { useFt } from '../i18n';
import { yuanToFen } from '@gemqc/contract';
import { yuanRule } from '../../../lib/money';
import { FeeInput, fenToInput } from './FeeInput';

interface Values {
  merchant_id?: string;
  category_id?: string;
  inspection: string | null;
  certificate: string | null;
}

/** New or edited merchant price: merchant (searched among the centre's), category, fees in yuan. */
export function OverrideModal({
  ns,
  open,
  override,
  categories,
  onClose,
  onSaved,
}: {
  ns: FeeRuleNamespace;
  open: boolean;
  override: FeeOverrideRow | null;
  categories: FeeRuleRow[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useFt();
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const merchants = useFeeMerchants(ns, keyword, open && override === null);
  const save = useSaveFee(ns);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setKeyword('');
    if (override) {
      form.setFieldsValue({
        merchant_id: override.merchant_id,
        category_id: override.category_id,
        inspection: fenToInput(override.inspection_fee),
        certificate: fenToInput(override.certificate_fee),
      });
    }
  }, [open, override, form]);

  const onCategory = (id: string) => {
    // start from the category price: the usual change is a discount on it
    const c = categories.find((x) => x.category_id === id);
    if (c && !form.isFieldTouched('inspection') && !form.isFieldTouched('certificate')) {
      form.setFieldsValue({ inspection: fenToInput(c.inspection_fee), certificate: fenToInput(c.certificate_fee) });
    }
  };

  const submit = async () => {
    const v = await form.validateFields();
    try {
      await save.mutateAsync({
        merchant_id: v.merchant_id ?? null,
        category_id: v.category_id ?? '',
        // the form checked both with yuanRule; NaN (not an amount) is left for the contract to refuse
        inspection_fee: yuanToFen(v.inspection) ?? NaN,
        certificate_fee: yuanToFen(v.certificate) ?? NaN,
      });
      onSaved();
    } catch (e) {
      showErrorOnce(e);
    }
  };

  const merchantOptions = override
    ? [{ value: override.merchant_id, label: override.merchant_name }]
    : (merchants.data ?? []).map((m) => ({ value: m.id, label: m.name }));

  return (
    <Modal
      open={open}
      title={override ? t('overrides.edit') : t('overrides.create')}
      okText={t('save')}
      cancelText={t('cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={save.isPending}
      forceRender
      data-testid="override-form"
    >
      <Form form={form} layout="vertical" autoComplete="off">
        <Form.Item name="merchant_id" label={t('overrides.merchant')} rules={[{ required: true, message: t('overrides.chooseMerchant') }]}>
          <Select
            showSearch
            disabled={override !== null}
            filterOption={false}
            onSearch={(v) => setKeyword(v.trim())}
            options={merchantOptions}
            loading={merchants.isFetching}
            placeholder={t('overrides.searchMerchant')}
            data-testid="override-merchant"
          />
        </Form.Item>
        <Form.Item name="category_id" label={t('category')} rules={[{ required: true, message: t('overrides.chooseCategory') }]}>
          <Select
            disabled={override !== null}
            options={categories.map((c) => ({ value: c.category_id, label: c.category_name }))}
            onChange={onCategory}
            placeholder={t('overrides.chooseCategory')}
            data-testid="override-category"
          />
        </Form.Item>
        <Space size={16} wrap>
          <Form.Item name="inspection" label={t('inspectionFee')} required rules={[yuanRule(inspectionFeeFen, t('inspectionRequired'))]}>
            <FeeInput data-testid="override-inspection" />
          </Form.Item>
          <Form.Item name="certificate" label={t('certificateFee')} required rules={[yuanRule(certificateFeeFen, t('certificateRequired'))]}>
            <FeeInput data-testid="override-certificate" />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
