import { Button, Card, DatePicker, Form, Input, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import type { DataOf } from '@gemqc/contract';
import type { ordersApi } from '@gemqc/contract';
import { ORDER_PATHS, useMt } from '../../orders';
import { useCodeRecords, type RecordQuery } from '../api';
import { listPagination } from '../../../components/listPagination';

type Row = DataOf<typeof ordersApi.merchant.recordList>['list'][number];

interface Filters {
  keyword?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
}

export function toRecordQuery(f: Filters, page: number, pageSize: number): RecordQuery {
  const q: RecordQuery = { page, page_size: pageSize };
  const k = f.keyword?.trim();
  if (k) q.keyword = k;
  const [a, b] = f.dates ?? [];
  if (a) q.start_date = a.format('YYYY-MM-DD');
  if (b) q.end_date = b.format('YYYY-MM-DD');
  return q;
}

const fmt = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '—');

/** 绑码记录: tag codes bound to the merchant's items. */
export default function RecordPage() {
  const t = useMt();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState({ page: 1, size: 20 });
  const q = useCodeRecords(toRecordQuery(filters, page.page, page.size));

  return (
    <div className="merchant-page">
      <Card size="small">
        <Form<Filters>
          form={form}
          layout="inline"
          style={{ rowGap: 12 }}
          onFinish={(v) => {
            setFilters(v);
            setPage((p) => ({ ...p, page: 1 }));
          }}
        >
          <Form.Item name="keyword" label={t('codes.code')}>
            <Input allowClear autoFocus placeholder={t('codes.searchHint')} style={{ width: 220 }} onPressEnter={() => form.submit()} />
          </Form.Item>
          <Form.Item name="dates" label={t('codes.boundAt')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: 250 }} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {t('common.search')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  setFilters({});
                  setPage((p) => ({ ...p, page: 1 }));
                }}
              >
                {t('common.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      <Card size="small">
        <Table<Row>
          rowKey="id"
          size="middle"
          loading={q.isFetching}
          dataSource={q.data?.list ?? []}
          scroll={{ x: 960 }}
          pagination={listPagination({
            page: page.page,
            pageSize: page.size,
            total: q.data?.total,
            showTotal: (total) => t('common.total', { total }),
            onChange: (p, s) => setPage({ page: p, size: s }),
          })}
          columns={[
            { title: t('codes.code'), dataIndex: 'code', width: 170, render: (v: string) => <span className="mono">{v}</span> },
            { title: t('orders.orderNo'), dataIndex: 'order_no', width: 180, render: (v: string, r) => <Link to={ORDER_PATHS.detail(r.order_id)}>{v}</Link> },
            { title: t('codes.item'), dataIndex: 'item_name', ellipsis: true },
            { title: t('orders.category'), dataIndex: 'category_name', width: 100 },
            { title: t('codes.boundAt'), dataIndex: 'bound_at', width: 170, render: fmt },
            { title: t('codes.operator'), dataIndex: 'bound_by_name', width: 110 },
            {
              title: t('codes.state'),
              dataIndex: 'state',
              width: 150,
              render: (v: string, r) =>
                v === 'bound' ? (
                  <Tag color="success">{t('codes.bound')}</Tag>
                ) : (
                  <span>
                    <Tag>{t('codes.unbound')}</Tag>
                    <div className="small muted">{fmt(r.unbound_at)}</div>
                  </span>
                ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
