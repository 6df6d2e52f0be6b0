import { Button, Col, Form, Input, InputNumber, Radio, Row, Select, Space } from 'antd';
import { useEffect } from 'react';
import { inspectionSubmitBody, PHOTO_MAX_PER_ITEM, type IntakeScanData } from '@gemqc/contract';
import { showErrorOnce } from '../../../lib/request';
import { fenToYuanText } from '../../../lib/money';
import { ui } from '../../../lib/ui';
import { mt } from '../../orders';
import { trimValues, zodRule } from '../../../lib/formRules';
import { useSubmitInspection } from '../api';
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
}

const S = inspectionSubmitBody.shape;
const TEXT_FIELDS = [
  ['shape', 'inspect.shape'],
  ['colour', 'inspect.colour'],
  ['refractive_index', 'inspect.refractiveIndex'],
  ['density', 'inspect.density'],
  ['purity', 'inspect.purity'],
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

/** The inspection fields of one item and its result; Enter in a field submits. */
export function InspectionForm({ item, inspection, onDone }: { item: Item; inspection: Inspection | undefined; onDone: (saved: SavedResult) => void }) {
  const t = useWt();
  const [form] = Form.useForm<Values>();
  const submit = useSubmitInspection();

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(initial(item, inspection));
  }, [item, inspection, form]);

  const finish = ({ photos, ...v }: Values) => {
    const problem = photoProblem(photos);
    if (problem) {
      void ui().message.warning(t(problem === 'uploading' ? 'photo.uploading' : 'photo.hasFailed'));
      return;
    }
    const body = { ...trimValues({ ...v, item_id: item.id, mass: v.mass ?? undefined, result: v.result ?? 'pass', conclusion: v.conclusion ?? '' }), photos: photoKeys(photos) };
    submit.mutate(body, {
      onSuccess: (r) => {
        const parts = [t('inspect.saved', { item: item.name })];
        if (r.charged > 0) parts.push(t('inspect.charged', { amount: fenToYuanText(r.charged) }));
        if (r.pending_items > 0) parts.push(t('inspect.pending', { n: r.pending_items }));
        void ui().message.success(parts.join(t('inspect.sep')));
        onDone({ result: body.result, orderStatus: r.order_status });
      },
      onError: showErrorOnce,
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
          <Form.Item name="magnification" label={t('inspect.magnification')} htmlFor={id('magnification')} rules={[zodRule(S.magnification)]}>
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
        <Col xs={24}>
          <Form.Item name="remarks" label={t('inspect.remarks')} htmlFor={id('remarks')} rules={[zodRule(S.remarks)]}>
            <Input.TextArea id={id('remarks')} autoSize={{ minRows: 1, maxRows: 4 }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="photos" label={t('photo.title')} extra={t('photo.hint', { max: PHOTO_MAX_PER_ITEM })}>
            <PhotoPicker itemId={item.id} />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={submit.isPending}>
        {t('inspect.submit')}
      </Button>
    </Form>
  );
}
