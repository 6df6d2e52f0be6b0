import { AutoComplete, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { orderWaybillBody } from '@gemqc/contract';
import { showErrorOnce } from '../../../lib/request';
import { ui } from '../../../lib/ui';
import { useEnterWaybill } from '../api';
import { zodRule, trimValues } from '../../../lib/formRules';
import { useMt } from '../i18n';
import { CARRIERS } from '../carriers';


const W = orderWaybillBody.shape;

interface Props {
  order: { id: string; order_no: string; inbound_carrier?: string; inbound_waybill?: string } | null;
  onClose: () => void;
}

/** 填写运单: the inbound carrier and waybill (a scanner's Enter in the waybill field submits). */
export function WaybillModal({ order, onClose }: Props) {
  const t = useMt();
  const [form] = Form.useForm<{ carrier: string; waybill: string }>();
  const save = useEnterWaybill();

  useEffect(() => {
    if (order) form.setFieldsValue({ carrier: order.inbound_carrier || CARRIERS[0], waybill: order.inbound_waybill || '' });
  }, [order, form]);

  const submit = async () => {
    if (!order) return;
    const values = trimValues(await form.validateFields());
    save.mutate(
      { id: order.id, ...values },
      {
        onSuccess: () => {
          ui().message.success(t('orders.waybillSaved'));
          form.resetFields();
          onClose();
        },
        onError: showErrorOnce,
      },
    );
  };

  return (
    <Modal
      open={!!order}
      title={order ? t('orders.waybillTitle', { no: order.order_no }) : ''}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
      forceRender
    >
      {/* named: its field ids (carrier, waybill) must not collide with the list's filter form */}
      <Form form={form} name="orderWaybill" layout="vertical" onFinish={() => void submit().catch(() => undefined)}>
        <Form.Item name="carrier" label={t('orders.carrier')} rules={[zodRule(W.carrier, t('orders.carrierRequired'))]}>
          <AutoComplete options={CARRIERS.map((c) => ({ value: c }))} filterOption={(input, o) => String(o?.value ?? '').includes(input)} />
        </Form.Item>
        <Form.Item name="waybill" label={t('orders.waybill')} rules={[zodRule(W.waybill, t('orders.waybillRequired'))]}>
          <Input autoFocus maxLength={32} placeholder={t('orders.scanHint')} onPressEnter={() => form.submit()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
