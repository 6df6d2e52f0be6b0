import { AutoComplete, Button, Form, Input, Radio } from 'antd';
import { returnBody, shipBody, type IntakeScanData } from '@gemqc/contract';
import { showErrorOnce } from '../../../lib/request';
import { ui } from '../../../lib/ui';
import { CARRIERS, trimValues, zodRule } from '../../orders';
import { useReturn, useShip } from '../api';
import { useWt } from '../i18n';

type Order = IntakeScanData['order'];
const SHIP = shipBody.shape;
const RET = returnBody.shape;
const carrierOptions = CARRIERS.map((c) => ({ value: c }));

/** 打包发货: the outbound carrier and waybill (a scanner's Enter in the waybill field ships). */
export function ShipForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const t = useWt();
  const [form] = Form.useForm<{ carrier: string; waybill: string }>();
  const ship = useShip();
  return (
    <Form
      form={form}
      layout="inline"
      initialValues={{ carrier: CARRIERS[0] }}
      data-testid="ship-form"
      onFinish={(v) =>
        ship.mutate(
          { id: order.id, ...trimValues(v) },
          {
            onSuccess: () => {
              void ui().message.success(t('ship.done', { no: order.order_no }));
              form.resetFields();
              onDone();
            },
            onError: showErrorOnce,
          },
        )
      }
    >
      <Form.Item name="carrier" label={t('ship.carrier')} rules={[zodRule(SHIP.carrier)]}>
        <AutoComplete options={carrierOptions} style={{ width: 160 }} aria-label={t('ship.carrier')} />
      </Form.Item>
      <Form.Item name="waybill" label={t('ship.waybill')} rules={[zodRule(SHIP.waybill)]}>
        <Input style={{ width: 220 }} placeholder={t('ship.waybillPlaceholder')} aria-label={t('ship.waybill')} />
      </Form.Item>
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
}

/** 退回商家: by courier (carrier + waybill) or picked up by the merchant; asks before it returns. */
export function ReturnForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const t = useWt();
  const [form] = Form.useForm<ReturnValues>();
  const ret = useReturn();
  const mode = Form.useWatch('mode', form);

  const finish = (v: ReturnValues) => {
    const body = { id: order.id, ...trimValues(v) };
    if (body.mode === 'pickup') {
      delete body.carrier;
      delete body.waybill;
    }
    const parsed = returnBody.safeParse(body);
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: i.path[0] as keyof ReturnValues, errors: [i.message] })));
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
          (e: unknown) => showErrorOnce(e),
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
            <Input style={{ width: 220 }} aria-label={t('ret.waybill')} />
          </Form.Item>
        </>
      )}
      <Form.Item>
        <Button danger htmlType="submit" loading={ret.isPending}>
          {t('ret.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
