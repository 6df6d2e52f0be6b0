import { Tooltip, Typography } from 'antd';
import type { TableColumnType as ColumnType } from 'antd';
import type { ReactNode } from 'react';
import type { OrderRow } from '@gemqc/contract';
import { formatFen } from '../../../lib/money';
import { DeadlineCountdown } from './DeadlineCountdown';
import { inChina } from '../../../lib/chinaTime';

const { Text } = Typography;

/** Columns every portal's order list shows the same way (titles from the caller's namespace). */

/** Order no (as the caller's link) with the platform order id under it; fixed on the left. */
export function orderNoColumn(title: string, width: number, renderNo: (r: OrderRow) => ReactNode): ColumnType<OrderRow> {
  return {
    title,
    dataIndex: 'order_no',
    fixed: 'left',
    width,
    render: (_v, r) => (
      <div>
        {renderNo(r)}
        {r.platform_order_id && (
          <div>
            <Text type="secondary" className="mono small">
              {r.platform_order_id}
            </Text>
          </div>
        )}
      </div>
    ),
  };
}

/** The ticking ship-deadline countdown, the deadline itself on hover. */
export function countdownColumn(title: string, deadlineLabel: string, offsetMs: number): ColumnType<OrderRow> {
  return {
    title,
    dataIndex: 'ship_deadline',
    width: 120,
    render: (_v, r) => (
      <Tooltip title={`${deadlineLabel}：${inChina(r.ship_deadline).format('YYYY-MM-DD HH:mm')}`}>
        <span>
          <DeadlineCountdown deadline={r.ship_deadline} active={r.remaining_seconds !== null} offsetMs={offsetMs} />
        </span>
      </Tooltip>
    ),
  };
}

/** Buyer name with the (masked) phone under it. */
export function buyerColumn(title: string, width: number): ColumnType<OrderRow> {
  return {
    title,
    dataIndex: 'buyer_name',
    width,
    render: (_v, r) => (
      <span>
        {r.buyer_name}
        <div className="small muted">{r.buyer_phone}</div>
      </span>
    ),
  };
}

/** Declared value in ¥ (fen on the wire). */
export function declaredValueColumn(title: string): ColumnType<OrderRow> {
  return { title, dataIndex: 'declared_value', width: 120, align: 'right', render: (v: number) => formatFen(v) };
}

/** Creation time to the minute. */
export function createdAtColumn(title: string, width: number): ColumnType<OrderRow> {
  return { title, dataIndex: 'created_at', width, render: (v: string) => inChina(v).format('YYYY-MM-DD HH:mm') };
}

/** A list query without its page fields: what an export sends. */
