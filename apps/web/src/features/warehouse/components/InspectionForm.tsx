import { Button, Col, Form, Input, InputNumber, Radio, Row, Select, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { inspectionAmendBody, inspectionSubmitBody, PHOTO_MAX_PER_ITEM, type FeeQuoteData, type IntakeScanData } from '@gemqc/contract';
import { showErrorOnce } from '../../../lib/request';
import { fenToYuanText, formatFen } from '../../../lib/money';
import { ui } from '../../../lib/ui';
import { mt } from '../../orders';
import { trimValues, zodRule } from '../../../lib/formRules';
import { useAmendInspection, useFeeQuote, useSubmitInspection } from '../api';
import { useWt } from '../i18n';
import { PhotoPicker, photoKeys, photoProblem, storedPhotos, type PhotoFile } from './PhotoPicker';

type Item = IntakeScanData['items'][number];
type Inspection = IntakeScanData['inspections'][number];

interface Values {
  mass?: number | null;
  mass_unit: 'g' | 'ct';
  shape?: string;
  colour?: string;
  refractive_index?: string;
  density?: string;
  magnification?: string;
  purity?: string;
  conclusion?: string;
  result?: 'pass' | 'fail' | 'unable';
  remarks?: string;
  photos: PhotoFile[];
  /** amend only: why the submitted result changes */
  reason?: string;
}

type Mode = 'submit' | 'amend';
type Quote = FeeQuoteData['quotes'][number];
type Wt = ReturnType<typeof useWt>;

/** A key per opened amend form: a double press or a retry after a timeout sends the same one. */
function newAmendKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return `amend-${c.randomUUID()}`;
  return `amend-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

/** The fee a save books, as a sentence: the net amount and the ledger lines (as 费用明细 will show them). */
export function feeSentence(t: Wt, quote: Quote | undefined): string {
  if (!quote) return '';
  const lines = quote.lines
    .map((l) => {
      const type = t(`inspect.feeTypes.${l.type}`, { defaultValue: l.type_text });
      return `${type} ${l.type === 'REVERSAL' ? formatFen(l.amount, { sign: true }) : formatFen(-l.amount)}`;
    })
    .join(t('inspect.feeJoin'));
  if (quote.net > 0) return t('inspect.feeCharge', { amount: formatFen(quote.net), lines });
  if (quote.net < 0) return t('inspect.feeRefund', { amount: formatFen(-quote.net), lines });
  return lines ? t('inspect.feeEven', { lines }) : t('inspect.feeNone');
}

const S = inspectionSubmitBody.shape;
const TEXT_FIELDS = [
  ['shape', 'measured.shape'],
  ['colour', 'measured.colour'],
  ['refractive_index', 'measured.refractive_index'],
  ['density', 'measured.density'],
  ['purity', 'measured.purity'],
] as const;

function initial(item: Item, ins: Inspection | undefined): Values {
  const unit = (ins?.mass_unit || item.unit) === 'ct' ? 'ct' : 'g';
  if (!ins) return { mass: item.weight ?? null, mass_unit: unit, photos: [] };
  return {
    mass: ins.mass,
    mass_unit: unit,
    shape: ins.shape,
    colour: ins.colour,
    refractive_index: ins.refractive_index,
    density: ins.density,
    magnification: ins.magnification,
    purity: ins.purity,
    conclusion: ins.conclusion,
    result: ins.result === 'pass' || ins.result === 'fail' || ins.result === 'unable' ? ins.result : undefined,
    remarks: ins.remarks,
    photos: storedPhotos(ins),
  };
}

/** What a saved result tells the workbench (where the next scan goes). */
export interface SavedResult {
  result: 'pass' | 'fail' | 'unable';
  /** The order's status after this result. */
  orderStatus: string;
}

/**
 * The inspection fields of one item and its result; Enter in a field submits. The fee the save
 * books is shown beside the result and asked for once before sending. `amend`: a submitted
 * result is changed with a reason (photos stay as recorded); the fee is the reversal of the
 * item's charges and the new charge.
 */
export function InspectionForm({
  item,
  inspection,
  onDone,
  mode = 'submit',
}: {
  item: Item;
  inspection: Inspection | undefined;
  onDone: (saved: SavedResult) => void;
  mode?: Mode;
}) {
  const t = useWt();
  const [form] = Form.useForm<Values>();
  const submit = useSubmitInspection();
  const amend = useAmendInspection();
  const saving = mode === 'amend' ? amend : submit;
  const quote = useFeeQuote(item.id, mode);
  const chosen = Form.useWatch('result', form);
  const quoteOf = (r: string | undefined) => quote.data?.quotes.find((q) => q.result === r);
  const [amendKey] = useState(newAmendKey);
  // one confirmation at a time: a second Enter while it is open does not ask again
  const asking = useRef(false);

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(initial(item, inspection));
  }, [item, inspection, form]);

  const feeLine = (r: string | undefined): string => {
    if (quote.isPending) return t('inspect.feeLoading');
    if (quote.error) return t('inspect.feeUnknown', { reason: quote.error.message });
    return feeSentence(t, quoteOf(r));
  };

  const saved = (r: { charged: number; pending_items: number; order_status: string }, result: SavedResult['result'], duplicate = false) => {
    const parts = [t(mode === 'amend' ? 'inspect.amended' : 'inspect.saved', { item: item.name })];
    if (duplicate) parts.push(t('inspect.amendDuplicate'));
    else if (r.charged > 0) parts.push(t('inspect.charged', { amount: fenToYuanText(r.charged) }));
    else if (r.charged < 0) parts.push(t('inspect.refunded', { amount: fenToYuanText(-r.charged) }));
    if (r.pending_items > 0) parts.push(t('inspect.pending', { n: r.pending_items }));
    void ui().message.success(parts.join(t('inspect.sep')));
    onDone({ result, orderStatus: r.order_status });
  };

  const send = ({ photos, reason, ...v }: Values) => {
    const fields = trimValues({ ...v, item_id: item.id, mass: v.mass ?? undefined, result: v.result ?? 'pass', conclusion: v.conclusion ?? '' });
    if (mode === 'amend') {
      amend.mutate({ ...fields, reason: reason ?? '', idempotency_key: amendKey }, { onSuccess: (r) => saved(r, fields.result, r.duplicate), onError: showErrorOnce });
      return;
    }
    submit.mutate({ ...fields, photos: photoKeys(photos) }, { onSuccess: (r) => saved(r, fields.result), onError: showErrorOnce });
  };

  const finish = (v: Values) => {
    const problem = mode === 'submit' ? photoProblem(v.photos) : null;
    if (problem) {
      void ui().message.warning(t(problem === 'uploading' ? 'photo.uploading' : 'photo.hasFailed'));
      return;
    }
    if (asking.current || saving.isPending) return;
    asking.current = true;
    const done = () => {
      asking.current = false;
    };
    ui().confirm({
      title: t(mode === 'amend' ? 'inspect.amendConfirm' : 'inspect.confirm', { item: item.name, result: mt(`result.${v.result ?? 'pass'}`) }),
      content: feeLine(v.result),
      okText: t(mode === 'amend' ? 'inspect.amendSubmit' : 'inspect.submit'),
      cancelText: t('common.cancel'),
      onOk: () => {
        done();
        send(v);
      },
      onCancel: done,
    });
  };

  const id = (name: string) => `ins-${item.id}-${name}`;

  return (
    <Form<Values> form={form} layout="vertical" size="small" onFinish={finish} data-testid={`inspection-form-${item.id}`} initialValues={initial(item, inspection)}>
      <Row gutter={12}>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item label={t('inspect.mass')} required={false}>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="mass" noStyle rules={[zodRule(S.mass)]}>
                <InputNumber id={id('mass')} min={0} step={0.01} style={{ width: '65%' }} aria-label={t('inspect.mass')} />
              </Form.Item>
              <Form.Item name="mass_unit" noStyle rules={[zodRule(S.mass_unit)]}>
                <Select style={{ width: '35%' }} aria-label={t('inspect.massUnit')} options={[{ value: 'g', label: 'g' }, { value: 'ct', label: 'ct' }]} />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
        </Col>
        {TEXT_FIELDS.map(([name, label]) => (
          <Col xs={24} sm={12} lg={name === 'purity' ? 6 : 6} key={name}>
            <Form.Item name={name} label={t(label)} htmlFor={id(name)} rules={[zodRule(S[name])]}>
              <Input id={id(name)} allowClear />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} lg={12}>
          <Form.Item name="magnification" label={t('measured.magnification')} htmlFor={id('magnification')} rules={[zodRule(S.magnification)]}>
            <Input id={id('magnification')} allowClear />
          </Form.Item>
        </Col>
        <Col xs={24} lg={12}>
          <Form.Item name="conclusion" label={t('inspect.conclusion')} htmlFor={id('conclusion')} required rules={[zodRule(S.conclusion)]}>
            <Input id={id('conclusion')} placeholder={t('inspect.conclusionPlaceholder')} allowClear />
          </Form.Item>
        </Col>
        <Col xs={24} lg={12}>
          <Form.Item name="result" label={t('inspect.result')} required rules={[zodRule(S.result)]}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              aria-label={t('inspect.result')}
              options={(['pass', 'fail', 'unable'] as const).map((r) => ({ value: r, label: mt(`result.${r}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} lg={12}>
          <Form.Item label={t('inspect.fee')}>
            <Typography.Text type={quote.error ? 'warning' : undefined} data-testid={`fee-quote-${item.id}`}>
              {chosen ? feeLine(chosen) : t('inspect.feePick')}
            </Typography.Text>
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="remarks" label={t('inspect.remarks')} htmlFor={id('remarks')} rules={[zodRule(S.remarks)]}>
            <Input.TextArea id={id('remarks')} autoSize={{ minRows: 1, maxRows: 4 }} />
          </Form.Item>
        </Col>
        {mode === 'amend' ? (
          <Col xs={24}>
            <Form.Item name="reason" label={t('inspect.reason')} htmlFor={id('reason')} required rules={[zodRule(inspectionAmendBody.shape.reason)]} extra={t('inspect.amendHint')}>
              <Input.TextArea id={id('reason')} autoSize={{ minRows: 1, maxRows: 4 }} placeholder={t('inspect.reasonPlaceholder')} />
            </Form.Item>
          </Col>
        ) : (
          <Col xs={24}>
            <Form.Item name="photos" label={t('photo.title')} extra={t('photo.hint', { max: PHOTO_MAX_PER_ITEM })}>
              <PhotoPicker itemId={item.id} />
            </Form.Item>
          </Col>
        )}
      </Row>
      <Button type="primary" htmlType="submit" loading={saving.isPending}>
        {t(mode === 'amend' ? 'inspect.amendSubmit' : 'inspect.submit')}
      </Button>
    </Form>
  );
}
