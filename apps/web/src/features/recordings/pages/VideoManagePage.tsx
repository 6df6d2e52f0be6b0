import { Button, Card, DatePicker, Form, Input, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { PlayCircleOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Link } from 'react-router';
import { recordingKinds, type SortKeyOf, type videoSort } from '@gemqc/contract';
import { ORDER_PATHS } from '../../orders';
import { useRecordingsT } from '../i18n';
import { useVideos, videoSrc, type VideoQuery } from '../api';
import { VideoPlayerModal, type PlayableRecording } from '../components/VideoPlayerModal';
import { FilterForm } from '../../../components/FilterForm';
import { useFilteredList } from '../../../components/useFilteredList';
import { listTotal, useListTable } from '../../../components/ListState';
import { dateRangeQuery } from '../../../lib/listQuery';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { inChina } from '../../../lib/chinaTime';

interface Filters {
  order_no?: string;
  kind?: 'unboxing' | 'inspection' | 'packing';
  dates?: [Dayjs | null, Dayjs | null] | null;
}

type Row = PlayableRecording & { kind_text: string; size: number; duration_seconds: number | null; uploaded_by_name: string; uploaded_at: string; order_id: string };

/** Recording filters → videoList query. */
export function toVideoQuery(f: Filters, page: number, pageSize: number): VideoQuery & { page: number; page_size: number } {
  const q: VideoQuery & { page: number; page_size: number } = { page, page_size: pageSize };
  const no = f.order_no?.trim();
  if (no) q.order_no = no;
  if (f.kind) q.kind = f.kind;
  return { ...q, ...dateRangeQuery(f.dates) };
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
}

export function formatDuration(s: number | null): string {
  if (s === null) return '—';
  const m = Math.floor(s / 60);
  return `${m}:${String(Math.round(s % 60)).padStart(2, '0')}`;
}

/** 录像管理: recordings of the merchant's orders. */
export default function VideoManagePage() {
  const t = useRecordingsT();
  const [form] = Form.useForm<Filters>();
  const list = useFilteredList<Filters, SortKeyOf<typeof videoSort>>();
  const { filters, page, sorter } = list;
  const q = useVideos({ ...toVideoQuery(filters, page.page, page.size), ...list.sort });
  const view = useListTable(q, list.source);
  const [playing, setPlaying] = useState<PlayableRecording | null>(null);

  return (
    <div className="merchant-page">
      <Card size="small">
        <FilterForm<Filters>
          form={form}
          values={filters}
          onSearch={list.search}
          onReset={list.reset}
          searchText={t('common.search')}
          resetText={t('common.reset')}
          style={{ rowGap: 12 }}
        >
          <Form.Item name="order_no" label={t('orders.orderNo')}>
            <Input allowClear autoFocus placeholder={t('orders.scanHint')} style={{ width: 200 }} onPressEnter={() => form.submit()} />
          </Form.Item>
          <Form.Item name="kind" label={t('recordings.kind')}>
            <Select allowClear style={{ width: 120 }} placeholder={t('common.all')} options={recordingKinds.map((k) => ({ value: k.value, label: t(`recordingKind.${k.value}`) }))} />
          </Form.Item>
          <Form.Item name="dates" label={t('common.dateRange')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: 250 }} />
          </Form.Item>
        </FilterForm>
      </Card>
      <Card size="small">
        <ResponsiveTable<Row>
          rowKey="id"
          columnsKey="trader.videos"
          size="middle"
          onChange={sorter.onChange}
          {...view}
          scroll={{ x: 980 }}
          pagination={list.pagination(listTotal(q), (total) => t('common.total', { total }))}
          columns={[
            { title: t('orders.orderNo'), dataIndex: 'order_no', width: 180, render: (v: string, r) => <Link to={ORDER_PATHS.detail(r.order_id)}>{v}</Link> },
            { title: t('recordings.kind'), dataIndex: 'kind', width: 90, render: (v: string, r) => t(`recordingKind.${v}`, { defaultValue: r.kind_text }) },
            { title: t('recordings.fileName'), dataIndex: 'file_name', ellipsis: true },
            { title: t('recordings.duration'), dataIndex: 'duration_seconds', width: 80, render: (v: number | null) => formatDuration(v), ...sorter.by('duration_seconds') },
            { title: t('recordings.size'), dataIndex: 'size', width: 100, render: (v: number) => formatBytes(v) },
            { title: t('recordings.uploadedBy'), dataIndex: 'uploaded_by_name', width: 110 },
            { title: t('recordings.uploadedAt'), dataIndex: 'uploaded_at', width: 160, render: (v: string) => inChina(v).format('YYYY-MM-DD HH:mm'), ...sorter.by('uploaded_at') },
            {
              title: t('common.actions'),
              key: 'a',
              width: 150,
              fixed: 'right',
              render: (_v, r) => (
                <Space>
                  <Button type="link" size="small" icon={<PlayCircleOutlined />} onClick={() => setPlaying(r)}>
                    {t('common.play')}
                  </Button>
                  <Typography.Link href={videoSrc(r.url)} download={r.file_name || `${r.order_no}.mp4`}>
                    {t('common.download')}
                  </Typography.Link>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <VideoPlayerModal recording={playing} onClose={() => setPlaying(null)} />
    </div>
  );
}
