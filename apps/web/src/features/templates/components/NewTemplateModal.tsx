import { App, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { templateKinds, templateSaveBody, type TemplateKind, type TemplateNamespace } from '@gemqc/contract';
import { createTemplate, mmToPx } from '@gemqc/label-designer';
import { zodRule } from '../../../lib/formRules';
import { showErrorOnce } from '../../../lib/request';
import { useSaveTemplate } from '../api';
import { useTt } from '../i18n';

/** Paper sizes people print labels and sheets on (mm). */
const SIZES: Record<string, [number, number]> = {
  '70x50': [70, 50],
  '60x40': [60, 40],
  '50x30': [50, 30],
  '100x150': [100, 150],
  '210x140': [210, 140],
  '210x297': [210, 297],
};
/** Preselected: the designer's own page defaults (spec §3: width 750, height 550, paper 750 × 550). */
const DEFAULT_SIZE = 'default';

interface Values {
  kind: TemplateKind;
  name: string;
  size: string;
  width?: number;
  height?: number;
}

/** 新建模板: kind, name and paper size; the template is created on the server, then opened in the designer. */
export function NewTemplateModal({ ns, open, onClose, onCreated }: { ns: TemplateNamespace; open: boolean; onClose(): void; onCreated(id: string): void }) {
  const t = useTt();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveTemplate(ns);
  const size = Form.useWatch('size', form);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null); // the form shows what is missing
    if (!v) return;
    let template = createTemplate({ title: v.name.trim() });
    if (v.size !== DEFAULT_SIZE) {
      const [w, h] = v.size === 'custom' ? [v.width ?? 70, v.height ?? 50] : (SIZES[v.size] ?? [70, 50]);
      template = { ...template, width: Math.round(mmToPx(w)), height: Math.round(mmToPx(h)), pageWidth: w, pageHeight: h };
    }
    save.mutate(
      { name: v.name, kind: v.kind, template },
      {
        onSuccess: (saved) => {
          void message.success(t('savedNew'));
          form.resetFields();
          onClose();
          onCreated(saved.id);
        },
        onError: (e) => showErrorOnce(e),
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('newTitle')}
      okText={t('confirm')}
      cancelText={t('cancel')}
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ kind: 'certificate_label', size: DEFAULT_SIZE, width: 70, height: 50 }}
      >
        <Form.Item name="kind" label={t('newKind')} rules={[{ required: true }]}>
          <Select options={templateKinds.map((k) => ({ value: k, label: t(`kind.${k}`) }))} data-testid="new-template-kind" />
        </Form.Item>
        <Form.Item name="name" label={t('newName')} rules={[zodRule(templateSaveBody.shape.name)]}>
          <Input maxLength={50} placeholder={t('newNamePlaceholder')} data-testid="new-template-name" />
        </Form.Item>
        <Form.Item name="size" label={t('size')}>
          <Select options={[{ value: DEFAULT_SIZE, label: t('sizeDefault') }, ...Object.keys(SIZES).map((k) => ({ value: k, label: k.replace('x', ' × ') + ' mm' })), { value: 'custom', label: t('sizeCustom') }]} />
        </Form.Item>
        {size === 'custom' && (
          <Space>
            <Form.Item name="width" label={t('sizeWidth')} rules={[{ required: true }]}>
              <InputNumber min={1} max={2000} />
            </Form.Item>
            <Form.Item name="height" label={t('sizeHeight')} rules={[{ required: true }]}>
              <InputNumber min={1} max={2000} />
            </Form.Item>
          </Space>
        )}
      </Form>
    </Modal>
  );
}
