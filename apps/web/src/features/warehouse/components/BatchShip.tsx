import { Alert, AutoComplete, Button, Form, Input, Modal, Tooltip, Typography, type InputRef } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { useRef, useState } from 'react';
import { batchShipBody, shipBody, type BatchShipResult, type OrderRow } from '@gemqc/contract';
import { showErrorOnce } from '../../../lib/request';
import { ui } from '../../../lib/ui';
import { zodRule } from '../../../lib/formRules';
import { CARRIERS } from '../../orders';
import { canShip } from '../actions';
import { useBatchShip, useEbill } from '../api';
import { useWt } from '../i18n';

const SHIP = shipBody.shape;
const carrierOptions = CARRIERS.map((c) => ({ value: c }));

/** The form field of an order's waybill (a prefix keeps the id an object key, not an array index). */
const fieldOf = (id: string): ['waybill', string] => ['waybill', `o${id}`];

interface Values {
  carrier: string;
  waybill?: Record<string, string | undefined>;
}

/**
 * 批量发货 over the order list: counts the selected orders that may ship (the single ship's rule,
 * `canShip`) and opens the dialog with them; disabled (with why) when none may. Orders shipped by
 * the dialog leave the selection (`onShipped`), so the button never offers them again.
 */
export function BatchShipButton({ selected, onShipped }: { selected: OrderRow[]; onShipped?: (ids: string[]) => void }) {
  const t = useWt();
  const shippable = selected.filter((r) => canShip(r.status));
  // the orders of the open dialog, fixed when it opens (the list refreshes under it as they ship)
  const [open, setOpen] = useState<{ orders: OrderRow[]; skipped: number } | null>(null);
  const button = (
    <Button disabled={shippable.length === 0} onClick={() => setOpen({ orders: shippable, skipped: selected.length - shippable.length })} data-testid="batch-ship">
      {shippable.length ? t('batchShip.buttonCount', { count: shippable.length }) : t('batchShip.button')}
    </Button>
  );
  return (
    <>
      {shippable.length ? (
        button
      ) : (
        <Tooltip title={t('batchShip.none')}>
          <span>{button}</span>
        </Tooltip>
      )}
      {open && <BatchShipModal orders={open.orders} skipped={open.skipped} onShipped={onShipped} onClose={() => setOpen(null)} />}
    </>
  );
}

/**
 * The dialog of 批量发货: one carrier for all, a waybill per order. A scanner's Enter moves to the
 * next waybill; on the last one it ships. The answer marks each shipped order and leaves the
 * refused ones with their reason under their waybill (成功 N 单, then each failure), so they can be
 * corrected and sent again; an order shipped here is never sent again.
 */
export function BatchShipModal({ orders, skipped, onClose, onShipped }: { orders: OrderRow[]; skipped: number; onClose: () => void; onShipped?: (ids: string[]) => void }) {
  const t = useWt();
  const [form] = Form.useForm<Values>();
  const inputs = useRef(new Map<string, InputRef | null>());
  const ship = useBatchShip();
  // the latest answer for each order of the dialog
  const [results, setResults] = useState(new Map<string, BatchShipResult>());
  const shipped = orders.filter((o) => results.get(o.id)?.code === 1000);
  const waiting = orders.filter((o) => results.get(o.id)?.code !== 1000);
  const failures = waiting.filter((o) => results.has(o.id));
  const focus = (id: string | undefined) => id && inputs.current.get(id)?.focus({ cursor: 'all' });
  const ebill = useEbill();
  const [taking, setTaking] = useState(false);
  // 取号 for every Doudian order still without a waybill, one after the other (each asked again answers its number)
  const takeNumbers = async () => {
    const carrier = String(form.getFieldValue('carrier') ?? '').trim();
    setTaking(true);
    try {
      for (const o of waiting.filter((x) => x.platform_order_id && !form.getFieldValue(fieldOf(x.id)))) {
        try {
          const r = await ebill.mutateAsync({ id: o.id, carrier });
          form.setFields([{ name: fieldOf(o.id), value: r.waybill, errors: [] }]);
        } catch (e) {
          form.setFields([{ name: fieldOf(o.id), errors: [(e as Error).message] }]);
        }
      }
    } finally {
      setTaking(false);
    }
  };
  const doudianWaiting = waiting.some((o) => o.platform_order_id);

  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch (e) {
      const first = (e as { errorFields?: { name: (string | number)[] }[] }).errorFields?.find((f) => f.name[0] === 'waybill');
      if (first) focus(String(first.name[1]).slice(1));
      return;
    }
    const lines = waiting.map((o) => ({ id: o.id, carrier: (v.carrier ?? '').trim(), waybill: (v.waybill?.[`o${o.id}`] ?? '').trim() }));
    // the server's rules before sending (duplicate waybills among them), each on its field
    const parsed = batchShipBody.safeParse({ orders: lines });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [, i, field] = issue.path;
        const order = typeof i === 'number' ? waiting[i] : undefined;
        if (order && field === 'waybill') form.setFields([{ name: fieldOf(order.id), errors: [issue.message] }]);
        else if (field === 'carrier') form.setFields([{ name: 'carrier', errors: [issue.message] }]);
        else void ui().message.error(issue.message);
      }
      const [, i] = parsed.error.issues[0]?.path ?? [];
      if (typeof i === 'number') focus(waiting[i]?.id);
      return;
    }
    ship.mutate(
      { orders: lines },
      {
        onSuccess: (d) => {
          const next = new Map(results);
          for (const r of d.results) next.set(r.id, r);
          setResults(next);
          const refused = d.results.filter((r) => r.code !== 1000);
          const shippedNow = d.results.filter((r) => r.code === 1000).map((r) => r.id);
          if (shippedNow.length) onShipped?.(shippedNow);
          form.setFields(refused.map((r) => ({ name: fieldOf(r.id), errors: [r.msg] })));
          focus(refused[0]?.id);
        },
        onError: showErrorOnce,
      },
    );
  };

  const onEnter = (id: string) => {
    const at = waiting.findIndex((o) => o.id === id);
    const next = waiting[at + 1];
    if (next) focus(next.id);
    else void submit();
  };

  const allDone = waiting.length === 0;
  return (
    <Modal
      open
      title={t('batchShip.title', { count: orders.length })}
      onCancel={onClose}
      maskClosable={false}
      width={720}
      destroyOnHidden
      afterOpenChange={(o) => o && focus(waiting[0]?.id)}
      footer={
        allDone ? (
          <Button type="primary" onClick={onClose}>
            {t('batchShip.done')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>{shipped.length ? t('batchShip.close') : t('common.cancel')}</Button>
            <Button type="primary" loading={ship.isPending} onClick={() => void submit()} data-testid="batch-ship-submit">
              {t('batchShip.submit', { count: waiting.length })}
            </Button>
          </>
        )
      }
    >
      <div className="wh-batch-ship" data-testid="batch-ship-modal">
        {results.size > 0 && (
          <Alert
            className="wh-batch-ship__summary"
            type={failures.length ? 'warning' : 'success'}
            showIcon
            data-testid="batch-ship-summary"
            title={
              <>
                {t('batchShip.shipped', { count: shipped.length })}
                {failures.length > 0 && <>{t('batchShip.separator')}{t('batchShip.failed', { count: failures.length })}</>}
              </>
            }
            description={
              failures.length > 0 && (
                <ul className="wh-batch-ship__failures" data-testid="batch-ship-failures">
                  {failures.map((o) => (
                    <li key={o.id}>{t('batchShip.failure', { no: o.order_no, reason: results.get(o.id)!.msg })}</li>
                  ))}
                </ul>
              )
            }
          />
        )}
        {skipped > 0 && <Alert className="wh-batch-ship__summary" type="info" showIcon title={t('batchShip.skipped', { count: skipped })} />}
        <Form<Values> form={form} layout="vertical" initialValues={{ carrier: CARRIERS[0] }} requiredMark={false} disabled={allDone}>
          <Form.Item name="carrier" label={t('batchShip.carrier')} rules={[zodRule(SHIP.carrier)]} className="wh-batch-ship__carrier">
            <AutoComplete options={carrierOptions} aria-label={t('batchShip.carrier')} />
          </Form.Item>
          <Typography.Text type="secondary" className="small">
            {t('batchShip.hint')}
          </Typography.Text>
          {doudianWaiting && (
            <div>
              <Button onClick={() => void takeNumbers()} loading={taking} data-testid="batch-ebill-button" title={t('ship.ebillHint')}>
                {t('batchShip.ebillAll')}
              </Button>
            </div>
          )}
          <ol className="wh-batch-ship__list">
            {orders.map((o) => {
              const done = results.get(o.id)?.code === 1000 ? results.get(o.id)!.shipped : null;
              return (
                <li key={o.id} className="wh-batch-ship__row" data-testid="batch-ship-row" data-state={done ? 'shipped' : results.has(o.id) ? 'refused' : 'waiting'}>
                  <div className="wh-batch-ship__order">
                    <span className="mono">{o.order_no}</span>
                    <div className="small muted">
                      {o.merchant_name} · {o.item_names}
                    </div>
                  </div>
                  {done ? (
                    <div className="wh-batch-ship__done">
                      <CheckCircleFilled /> {t('batchShip.shippedRow')} <span className="mono">{done.outbound_waybill}</span>
                    </div>
                  ) : (
                    <Form.Item name={fieldOf(o.id)} rules={[zodRule(SHIP.waybill)]} className="wh-batch-ship__waybill">
                      <Input
                        ref={(el) => void inputs.current.set(o.id, el)}
                        placeholder={t('ship.waybillPlaceholder')}
                        aria-label={t('batchShip.waybillOf', { no: o.order_no })}
                        onPressEnter={(e) => {
                          e.preventDefault();
                          onEnter(o.id);
                        }}
                      />
                    </Form.Item>
                  )}
                </li>
              );
            })}
          </ol>
        </Form>
      </div>
    </Modal>
  );
}
