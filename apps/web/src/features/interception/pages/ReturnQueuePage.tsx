import { useCallback, useState } from 'react';
import { Alert, AutoComplete, Button, Card, DatePicker, Form, Input, Modal, Space, Typography, Upload, type TableColumnsType, type UploadFile, type UploadProps } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { returnBody, type DataOf, type interceptionApi, type PhotoUploadData, type returnQueueSort, type SortKeyOf } from '@gemqc/contract';
import { showErrorOnce } from '../../../lib/request';
import { ui } from '../../../lib/ui';
import { CARRIERS, StatusTag } from '../../orders';
import { uploadSignaturePhoto, useReturnGoods, useReturnQueue } from '../api';
import { useIt } from '../i18n';
import '../interception.css';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { useListSort } from '../../../components/tableSort';
import { inChina } from '../../../lib/chinaTime';
import { ReturnContactCell, ReturnContactInfo } from '../components/ReturnContact';
import { ReturnSheet, type ReturnSheetData } from '../components/ReturnSheet';

type Row = DataOf<typeof interceptionApi.warehouseQueue>['list'][number];
interface Values {
  carrier?: string;
  waybill?: string;
  /** Post: whom and where (prefilled from the merchant's 检测信息, editable). */
  return_contact?: string;
  return_mobile?: string;
  return_address?: string;
  picked_up_by?: string;
  picked_up_at?: Dayjs;
  /** Pickup: the signature photo being sent or sent (at most one). */
  signature?: UploadFile<PhotoUploadData>[];
}

const carrierOptions = CARRIERS.map((c) => ({ value: c }));

/** 拦截退回: the warehouse's queue of intercepted orders; each goes back by post or is picked up by the merchant. */
export default function ReturnQueuePage() {
  const t = useIt();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const sorter = useListSort<SortKeyOf<typeof returnQueueSort>>(() => setPage(1));
  const q = useReturnQueue({ page, page_size: pageSize, ...sorter.sort });
  const ret = useReturnGoods();
  const [active, setActive] = useState<{ row: Row; mode: 'post' | 'pickup' } | null>(null);
  const [form] = Form.useForm<Values>();
  const signature = Form.useWatch('signature', form) ?? [];
  const [sheet, setSheet] = useState<ReturnSheetData | null>(null);
  const sheetDone = useCallback(() => setSheet(null), []);

  const open = (row: Row, mode: 'post' | 'pickup') => {
    form.resetFields();
    const to = row.return_to;
    form.setFieldsValue(mode === 'post' ? { carrier: CARRIERS[0], return_contact: to.contact, return_mobile: to.mobile, return_address: to.address } : { picked_up_at: dayjs() });
    setActive({ row, mode });
  };

  const signatureUpload: UploadProps['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    const ctl = new AbortController();
    if (active)
      uploadSignaturePhoto(file as File, active.row.id, (percent) => onProgress?.({ percent }), ctl.signal).then(
        (d) => onSuccess?.(d),
        (e: Error) => onError?.(e),
      );
    return { abort: () => ctl.abort() };
  };

  const submit = (v: Values) => {
    if (!active) return;
    const photo = v.signature?.[0];
    if (photo && photo.status !== 'done') return form.setFields([{ name: 'signature', errors: [t(photo.status === 'error' ? 'queue.photoFailed' : 'queue.photoUploading')] }]);
    const body =
      active.mode === 'post'
        ? {
            id: active.row.id,
            mode: 'post' as const,
            carrier: v.carrier?.trim(),
            waybill: v.waybill?.trim(),
            return_contact: v.return_contact?.trim(),
            return_mobile: v.return_mobile?.trim(),
            return_address: v.return_address?.trim(),
          }
        : {
            id: active.row.id,
            mode: 'pickup' as const,
            picked_up_by: v.picked_up_by?.trim(),
            picked_up_at: (v.picked_up_at ?? dayjs()).toISOString(),
            signature_photo: photo?.response?.key,
          };
    if (active.mode === 'post' && !v.return_address?.trim()) return form.setFields([{ name: 'return_address', errors: [t('queue.addressMissing')] }]);
    const parsed = returnBody.safeParse(body);
    if (!parsed.success) return form.setFields(parsed.error.issues.map((i) => ({ name: i.path[0] as keyof Values, errors: [i.message] })));
    ret.mutate(body, {
      onSuccess: (r) => {
        void ui().message.success(t('queue.done', { no: active.row.order_no, what: r.status_text }));
        setActive(null);
      },
      onError: showErrorOnce,
    });
  };

  /** 打印退货单 with what the dialog holds now (the address as edited). */
  const printSheet = () => {
    if (!active) return;
    const v = form.getFieldsValue();
    const r = active.row;
    setSheet({
      orderNo: r.order_no,
      merchantName: r.merchant_name,
      centreName: r.centre_name,
      contact: v.return_contact?.trim() ?? '',
      mobile: v.return_mobile?.trim() ?? '',
      address: v.return_address?.trim() ?? '',
      carrier: v.carrier?.trim() ?? '',
      waybill: v.waybill?.trim() ?? '',
      items: r.item_names,
      reason: r.intercept_reason,
    });
  };

  const columns: TableColumnsType<Row> = [
    { title: t('queue.orderNo'), dataIndex: 'order_no', width: 170 },
    { title: t('queue.merchant'), dataIndex: 'merchant_name', width: 140, ellipsis: true },
    { title: t('queue.items'), dataIndex: 'item_names', width: 180, ellipsis: true },
    { title: t('queue.returnTo'), key: 'return_to', width: 190, render: (_, row) => <ReturnContactCell to={row.return_to} /> },
    { title: t('queue.reason'), dataIndex: 'intercept_reason', width: 180, render: (v: string) => <span className="interception-queue__reason">{v}</span> },
    { title: t('queue.status'), dataIndex: 'status', width: 100, render: (s: string) => <StatusTag status={s} />, ...sorter.by('status') },
    { title: t('queue.since'), dataIndex: 'intercepted_since', width: 150, render: (v: string) => inChina(v).format('YYYY-MM-DD HH:mm'), ...sorter.by('intercepted_since') },
    {
      title: t('queue.actions'),
      key: 'actions',
      fixed: 'right',
      width: 180,
      render: (_, row) => (
        <Space size={4}>
          <Button size="small" type="primary" onClick={() => open(row, 'post')} data-testid={`return-post-${row.order_no}`}>
            {t('queue.returnPost')}
          </Button>
          <Button size="small" onClick={() => open(row, 'pickup')} data-testid={`return-pickup-${row.order_no}`}>
            {t('queue.returnPickup')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="app-container">
      <Card size="small" title={t('queue.title')} extra={q.data ? <Typography.Text type="secondary">{t('queue.total', { n: q.data.total })}</Typography.Text> : null}>
        <Alert type="error" showIcon title={t('queue.hint')} style={{ marginBottom: 12 }} />
        <ResponsiveTable<Row>
          rowKey="id"
          columnsKey="warehouse.returnQueue"
          size="small"
          columns={columns}
          dataSource={q.data?.list ?? []}
          loading={q.isFetching && !q.data}
          scroll={{ x: 1290 }}
          // fits 1366–1440 px: 物品 under 列设置 until shown
          defaultHiddenColumns={['item_names']}
          locale={{ emptyText: t('queue.empty') }}
          pagination={{
            current: page,
            pageSize,
            total: q.data?.total ?? 0,
            showSizeChanger: true,
            onChange: (p, s) => {
              setPage(p);
              setPageSize(s);
            },
          }}
          onChange={sorter.onChange}
          data-testid="return-queue"
        />
      </Card>
      <Modal
        open={!!active}
        title={active ? t(active.mode === 'post' ? 'queue.postTitle' : 'queue.pickupTitle', { no: active.row.order_no }) : ''}
        okText={active?.mode === 'post' ? t('queue.returnPost') : t('queue.returnPickup')}
        cancelText={t('panel.cancel')}
        confirmLoading={ret.isPending}
        onOk={() => form.submit()}
        onCancel={() => setActive(null)}
        footer={(_, { OkBtn, CancelBtn }) => (
          <>
            <CancelBtn />
            {active?.mode === 'post' && (
              <Button onClick={printSheet} data-testid="return-print-sheet">
                {t('queue.printSheet')}
              </Button>
            )}
            <OkBtn />
          </>
        )}
        destroyOnHidden
      >
        {active && <Alert type="warning" showIcon title={active.row.intercept_reason} style={{ marginBottom: 12 }} />}
        {active?.mode === 'pickup' && <ReturnContactInfo to={active.row.return_to} />}
        <Form<Values> form={form} layout="vertical" onFinish={submit} preserve={false}>
          {active?.mode === 'post' ? (
            <>
              <Form.Item name="carrier" label={t('queue.carrier')} required>
                <AutoComplete options={carrierOptions} aria-label={t('queue.carrier')} />
              </Form.Item>
              {/* a scanner types the waybill and presses Enter: that submits */}
              <Form.Item name="waybill" label={t('queue.waybill')} required>
                <Input autoFocus onPressEnter={() => form.submit()} aria-label={t('queue.waybill')} data-testid="return-waybill" />
              </Form.Item>
              {!active.row.return_to.address && <Alert type="error" showIcon title={t('queue.addressMissing')} style={{ marginBottom: 12 }} data-testid="return-address-missing" />}
              <Form.Item name="return_contact" label={t('queue.contact')}>
                <Input maxLength={32} aria-label={t('queue.contact')} data-testid="return-contact" />
              </Form.Item>
              <Form.Item name="return_mobile" label={t('queue.mobile')}>
                <Input maxLength={20} aria-label={t('queue.mobile')} data-testid="return-mobile" />
              </Form.Item>
              <Form.Item name="return_address" label={t('queue.address')} required extra={t('queue.addressHint')}>
                <Input.TextArea rows={2} maxLength={200} aria-label={t('queue.address')} data-testid="return-address" />
              </Form.Item>
            </>
          ) : (
            <>
              <Form.Item name="picked_up_by" label={t('queue.who')} required>
                <Input autoFocus maxLength={32} aria-label={t('queue.who')} data-testid="return-who" />
              </Form.Item>
              <Form.Item name="picked_up_at" label={t('queue.at')}>
                <DatePicker showTime style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name="signature" label={t('queue.photo')} extra={t('queue.photoHint')} valuePropName="fileList" getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList}>
                <Upload listType="picture-card" maxCount={1} accept="image/jpeg,image/png,image/webp" customRequest={signatureUpload} data-testid="return-signature-upload">
                  {/* one photo: the picker goes away once it is taken (remove it to take another) */}
                  {signature.length === 0 && <CameraOutlined aria-label={t('queue.photo')} />}
                </Upload>
              </Form.Item>
            </>
          )}
        </Form>
      </Modal>
      {sheet && <ReturnSheet data={sheet} onDone={sheetDone} />}
    </div>
  );
}
