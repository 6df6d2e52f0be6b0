import { AutoComplete, Button, Form, Input, Radio, type InputRef } from 'antd';
import { useRef, type RefObject } from 'react';
import { returnBody, shipBody, type IntakeScanData } from '@gemqc/contract';
import { showErrorOnce } from '../../../lib/request';
import { isOffline } from '../../../lib/network';
import { newRequestKey } from '../../../lib/useWrite';
import { isNoAnswer } from '../offlineScans';
import { useQueueOffline } from './OfflineScans';
import { ui } from '../../../lib/ui';
import { CARRIERS } from '../../orders';
import { trimValues, zodRule } from '../../../lib/formRules';
import { useEbill, useReturn, useShip } from '../api';
import { useWt } from '../i18n';

type Order = IntakeScanData['order'];
const SHIP = shipBody.shape;
const RET = returnBody.shape;
const carrierOptions = CARRIERS.map((c) => ({ value: c }));

/** Focus a refused waybill fully selected: the next scan replaces it instead of being appended to it. */
const selectAll = (input: RefObject<InputRef | null>) => input.current?.focus({ cursor: 'all' });

/**
 * 打包发货: the outbound carrier and waybill (a scanner's Enter in the waybill field ships). A
 * waybill refused by the form or the server stays selected; a shipped one clears the form. With
 * the network down the ship is kept with its request key (离线扫描) and sent when it is back.
 */
export function ShipForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const t = useWt();
  const [form] = Form.useForm<{ carrier: string; waybill: string }>();
  const waybill = useRef<InputRef>(null);
  const ship = useShip();
  const ebill = useEbill();
  // 取号: a Doudian order's waybill from the platform's e-waybill (the carrier chosen) fills the field
  const takeNumber = () =>
    ebill.mutate(
      { id: order.id, carrier: String(form.getFieldValue('carrier') ?? '').trim() },
      {
        onSuccess: (r) => {
          form.setFieldsValue({ carrier: r.carrier, waybill: r.waybill });
          void ui().message.success(t('ship.ebillDone', { waybill: r.waybill }));
          waybill.current?.focus();
        },
        onError: showErrorOnce,
      },
    );
  const queueOffline = useQueueOffline();
  // one client request key per submission until it is answered
  const attempt = useRef<string | null>(null);
  return (
    <Form
      form={form}
      layout="inline"
      initialValues={{ carrier: CARRIERS[0] }}
      data-testid="ship-form"
      onFinishFailed={({ errorFields }) => {
        if (errorFields.some((f) => f.name[0] === 'waybill')) selectAll(waybill);
      }}
      onFinish={(v) => {
        const body = { id: order.id, ...trimValues(v) };
        const key = (attempt.current ??= newRequestKey('ship'));
        const keep = () => {
          attempt.current = null;
          void queueOffline({ kind: 'ship', code: order.order_no, orderId: order.id, orderNo: order.order_no, carrier: body.carrier, waybill: body.waybill, key });
          form.resetFields();
          onDone();
        };
        if (isOffline()) return keep();
        ship.mutate(
          { ...body, key },
          {
            onSuccess: () => {
              attempt.current = null;
              void ui().message.success(t('ship.done', { no: order.order_no }));
              form.resetFields();
              onDone();
            },
            onError: (e) => {
              if (isNoAnswer(e)) return keep();
              attempt.current = null;
              showErrorOnce(e);
              selectAll(waybill);
            },
          },
        );
      }}
    >
      <Form.Item name="carrier" label={t('ship.carrier')} rules={[zodRule(SHIP.carrier)]}>
        <AutoComplete options={carrierOptions} style={{ width: 160 }} aria-label={t('ship.carrier')} />
      </Form.Item>
      <Form.Item name="waybill" label={t('ship.waybill')} rules={[zodRule(SHIP.waybill)]}>
        <Input ref={waybill} style={{ width: 220 }} placeholder={t('ship.waybillPlaceholder')} aria-label={t('ship.waybill')} />
      </Form.Item>
      {order.platform_order_id && (
        <Form.Item>
          <Button onClick={takeNumber} loading={ebill.isPending} data-testid="ebill-button" title={t('ship.ebillHint')}>
            {t('ship.ebill')}
          </Button>
        </Form.Item>
      )}
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={ship.isPending}>
          {t('ship.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}

interface ReturnValues {
  mode: 'post' | 'pickup';
  carrier?: string;
  waybill?: string;
  picked_up_by?: string;
}

/** 退回商家: by courier (carrier + waybill) or picked up by the merchant; asks before it returns. */
export function ReturnForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const t = useWt();
  const [form] = Form.useForm<ReturnValues>();
  const waybill = useRef<InputRef>(null);
  const ret = useReturn();
  const mode = Form.useWatch('mode', form);

  const finish = (v: ReturnValues) => {
    const body = { id: order.id, ...trimValues(v) };
    if (body.mode === 'pickup') {
      delete body.carrier;
      delete body.waybill;
    } else delete body.picked_up_by;
    const parsed = returnBody.safeParse(body);
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: i.path[0] as keyof ReturnValues, errors: [i.message] })));
      if (parsed.error.issues.some((i) => i.path[0] === 'waybill')) selectAll(waybill);
      return;
    }
    ui().confirm({
      title: t('ret.confirmTitle', { no: order.order_no }),
      content: t('ret.confirmBody'),
      okText: t('ret.submit'),
      cancelText: t('common.cancel'),
      onOk: () =>
        ret.mutateAsync(body).then(
          () => {
            void ui().message.success(t('ret.done', { no: order.order_no }));
            form.resetFields();
            onDone();
          },
          (e: unknown) => {
            showErrorOnce(e);
            selectAll(waybill);
          },
        ),
    });
  };

  return (
    <Form<ReturnValues> form={form} layout="inline" initialValues={{ mode: 'post', carrier: CARRIERS[0] }} onFinish={finish} data-testid="return-form">
      <Form.Item name="mode" label={t('ret.mode')} rules={[zodRule(RET.mode)]}>
        <Radio.Group options={(['post', 'pickup'] as const).map((m) => ({ value: m, label: t(`ret.modes.${m}`) }))} />
      </Form.Item>
      {mode !== 'pickup' && (
        <>
          <Form.Item name="carrier" label={t('ret.carrier')}>
            <AutoComplete options={carrierOptions} style={{ width: 160 }} aria-label={t('ret.carrier')} />
          </Form.Item>
          <Form.Item name="waybill" label={t('ret.waybill')}>
            <Input ref={waybill} style={{ width: 220 }} aria-label={t('ret.waybill')} />
          </Form.Item>
        </>
      )}
      {mode === 'pickup' && (
        <Form.Item name="picked_up_by" label={t('ret.pickedUpBy')} required>
          <Input style={{ width: 160 }} maxLength={32} aria-label={t('ret.pickedUpBy')} />
        </Form.Item>
      )}
      <Form.Item>
        <Button danger htmlType="submit" loading={ret.isPending}>
          {t('ret.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
