import { useState } from 'react';
import { App, Button, Form, Space, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType as ColumnsType } from 'antd';
import { certificateFeeFen, inspectionFeeFen, type FeeRuleNamespace, type FeeRuleRow } from '@gemqc/contract';
import { showErrorOnce } from '../../../lib/request';
import { useSaveFee } from '../api';
import { useFt } from '../i18n';
import { yuanToFen } from '@gemqc/contract';
import { fenLabel, yuanRule } from '../../../lib/money';
import { FeeInput, fenToInput } from './FeeInput';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { inChina } from '../../../lib/chinaTime';

interface RowValues {
  inspection: string | null;
  certificate: string | null;
}

/** The centre's fee per gem category, edited inline in yuan (saved in fen). */
export function FeeRuleTable({ ns, rows, loading, canEdit }: { ns: FeeRuleNamespace; rows: FeeRuleRow[]; loading: boolean; canEdit: boolean }) {
  const t = useFt();
  const { message } = App.useApp();
  const [form] = Form.useForm<RowValues>();
  const [editing, setEditing] = useState<string | null>(null);
  const save = useSaveFee(ns);

  const startEdit = (r: FeeRuleRow) => {
    form.setFieldsValue({ inspection: fenToInput(r.inspection_fee), certificate: fenToInput(r.certificate_fee) });
    setEditing(r.category_id);
  };

  const saveRow = async (r: FeeRuleRow) => {
    const v = await form.validateFields();
    try {
      await save.mutateAsync({ category_id: r.category_id, inspection_fee: yuanToFen(v.inspection) ?? NaN, certificate_fee: yuanToFen(v.certificate) ?? NaN });
      void message.success(t('saved'));
      setEditing(null);
    } catch (e) {
      showErrorOnce(e);
    }
  };

  const money = (fen: number | null) =>
    fen === null ? (
      <Tooltip title={t('notSetHint')}>
        <Tag color="warning">{t('notSet')}</Tag>
      </Tooltip>
    ) : (
      <span className="fee-amount">{fenLabel(fen)}</span>
    );

  const columns: ColumnsType<FeeRuleRow> = [
    { title: t('category'), dataIndex: 'category_name', width: 120 },
    { title: t('unit'), dataIndex: 'unit', width: 80, render: (u: string) => (u === 'ct' ? t('unitName.ct') : t('unitName.g')) },
    {
      title: t('inspectionFee'),
      dataIndex: 'inspection_fee',
      width: 160,
      render: (v: number | null, r) =>
        editing === r.category_id ? (
          <Form.Item name="inspection" rules={[yuanRule(inspectionFeeFen, t('inspectionRequired'))]} className="fee-cell-item">
            <FeeInput autoFocus data-testid={`fee-inspection-${r.category_id}`} />
          </Form.Item>
        ) : (
          money(v)
        ),
    },
    {
      title: t('certificateFee'),
      dataIndex: 'certificate_fee',
      width: 160,
      render: (v: number | null, r) =>
        editing === r.category_id ? (
          <Form.Item name="certificate" rules={[yuanRule(certificateFeeFen, t('certificateRequired'))]} className="fee-cell-item">
            <FeeInput data-testid={`fee-certificate-${r.category_id}`} />
          </Form.Item>
        ) : (
          money(v)
        ),
    },
    { title: t('overrideCount'), dataIndex: 'override_count', width: 80, align: 'right', render: (n: number) => (n ? n : <Typography.Text type="secondary">0</Typography.Text>) },
    { title: t('updatedBy'), dataIndex: 'updated_by_name', width: 150, ellipsis: true, render: (v: string | null) => v ?? '—' },
    { title: t('updatedAt'), dataIndex: 'updated_at', width: 150, render: (v: string | null) => (v ? inChina(v).format('YYYY-MM-DD HH:mm') : '—') },
  ];
  if (canEdit) {
    columns.push({
      title: t('actions'),
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_v, r) =>
        editing === r.category_id ? (
          <Space size={0}>
            <Button type="link" size="small" loading={save.isPending} onClick={() => void saveRow(r).catch(() => undefined)} data-testid={`fee-save-${r.category_id}`}>
              {t('save')}
            </Button>
            <Button type="link" size="small" onClick={() => setEditing(null)}>
              {t('cancel')}
            </Button>
          </Space>
        ) : (
          <Button type="link" size="small" disabled={editing !== null} onClick={() => startEdit(r)} data-testid={`fee-edit-${r.category_id}`}>
            {t('edit')}
          </Button>
        ),
    });
  }

  return (
    <Form form={form} component={false}>
      <ResponsiveTable<FeeRuleRow>
        rowKey="category_id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        scroll={{ x: 1020 }}
        data-testid="fee-rule-table"
      />
    </Form>
  );
}
