import { useState } from 'react';
import { Alert, App, Button, Form, Input, List, Modal, Select, Space, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { ButtonProps } from 'antd';
import { templateKinds, type TemplateKind, type TemplateNamespace } from '@gemqc/contract';
import { readKrFile, type KrImport } from '@gemqc/label-designer/model';
import { showErrorOnce } from '../../../lib/request';
import { useSaveTemplate } from '../api';
import { useTt } from '../i18n';
import { useImageWarnings } from './ImageWarnings';

/** A template name the save API takes: the kr title, else the file name, at most 50 characters. */
const nameOf = (imp: KrImport, fallback: string) => (imp.title.trim() || fallback).slice(0, 50);

/**
 * 导入模板: a kr-print-designer JSON file (or pasted JSON). Before anything is saved the dialog lists,
 * per template, what the import changed or kept aside (notes) and what stops it (issues); 导入 saves
 * only when every template can be kept, so nothing the user had is lost in silence.
 */
export function KrImportModal({ ns, open, onClose }: { ns: TemplateNamespace; open: boolean; onClose(): void }) {
  const t = useTt();
  const { message } = App.useApp();
  const showImageWarnings = useImageWarnings();
  const save = useSaveTemplate(ns);
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState('');
  const [kind, setKind] = useState<TemplateKind>('certificate_label');
  const [result, setResult] = useState<ReturnType<typeof readKrFile> | null>(null);
  const [saving, setSaving] = useState(false);

  const read = (json: string, name = '') => {
    setText(json);
    setFileName(name);
    setResult(json.trim() ? readKrFile(json) : null);
  };
  const close = () => {
    read('');
    onClose();
  };
  const blocked = !result || result.issues.length > 0 || result.templates.some((x) => x.issues.length > 0);

  const submit = async () => {
    if (!result || blocked) return;
    setSaving(true);
    try {
      const base = fileName.replace(/\.json$/i, '') || t('importUntitled');
      const warnings: string[] = [];
      for (const imp of result.templates) {
        const saved = await save.mutateAsync({ name: nameOf(imp, base), kind, template: imp.template! });
        warnings.push(...(saved.image_warnings ?? []));
      }
      void message.success(t('imported', { count: result.templates.length }));
      if (warnings.length) showImageWarnings(warnings);
      close();
    } catch (e) {
      showErrorOnce(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('importTitle')}
      okText={t('importOk')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: blocked, 'data-testid': 'kr-import-ok' } as ButtonProps}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={close}
      width={720}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('importIntro')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('importFile')}>
          <Space wrap>
            <Upload
              accept=".json,application/json"
              showUploadList={false}
              beforeUpload={(file) => {
                void file.text().then((s) => read(s, file.name));
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} data-testid="kr-import-file">
                {t('importChoose')}
              </Button>
            </Upload>
            {fileName && <Typography.Text data-testid="kr-import-file-name">{fileName}</Typography.Text>}
          </Space>
        </Form.Item>
        <Form.Item label={t('importPaste')}>
          <Input.TextArea rows={4} value={text} onChange={(e) => read(e.target.value)} placeholder='{"title": "…", "tempItems": […]}' data-testid="kr-import-text" />
        </Form.Item>
        <Form.Item label={t('newKind')}>
          <Select value={kind} onChange={setKind} options={templateKinds.map((k) => ({ value: k, label: t(`kind.${k}`) }))} data-testid="kr-import-kind" />
        </Form.Item>
      </Form>
      {result?.issues.map((m) => <Alert key={m} type="error" showIcon message={m} data-testid="kr-import-issue" />)}
      {result?.templates.map((imp, i) => (
        <div key={i} className="tpl-import-result" data-testid="kr-import-template">
          <Typography.Title level={5}>
            {nameOf(imp, t('importUntitled'))} · {t('importItems', { count: imp.template?.tempItems.length ?? 0 })}
          </Typography.Title>
          {imp.issues.length > 0 && (
            <Alert type="error" showIcon message={t('importCannot')} description={<ul className="tpl-import-list">{imp.issues.map((m) => <li key={m}>{m}</li>)}</ul>} data-testid="kr-import-issue" />
          )}
          {imp.issues.length === 0 && (
            <List
              size="small"
              bordered
              header={imp.notes.length ? t('importNotes', { count: imp.notes.length }) : t('importNoNotes')}
              dataSource={imp.notes}
              renderItem={(m) => <List.Item data-testid="kr-import-note">{m}</List.Item>}
              className="tpl-import-notes"
            />
          )}
        </div>
      ))}
    </Modal>
  );
}
