/**
 * The states of a testing order (docs/domain.md#states) with their zh-CN labels, in lifecycle order.
 * One list for the server (option lists, transitions) and the web (tags, filters).
 */
export const orderStatuses = [
  { value: 'created', label: '待寄出' },
  { value: 'awaiting_arrival', label: '待到仓' },
  { value: 'received', label: '已入仓' },
  { value: 'inspecting', label: '检测中' },
  { value: 'passed', label: '检测合格' },
  { value: 'failed', label: '检测不合格' },
  { value: 'unable', label: '无法检测' },
  { value: 'bound', label: '已绑码' },
  { value: 'shipped', label: '已发货' },
  { value: 'completed', label: '已完成' },
  { value: 'intercepted', label: '已拦截' },
  { value: 'return_pending', label: '待退回' },
  { value: 'returned', label: '已退回' },
  { value: 'picked_up', label: '商家已自提' },
  { value: 'cancelled', label: '已取消' },
] as const;

export type OrderStatus = (typeof orderStatuses)[number]['value'];
export const orderStatusValues = orderStatuses.map((s) => s.value) as [OrderStatus, ...OrderStatus[]];

export function orderStatusLabel(value: string): string {
  return orderStatuses.find((s) => s.value === value)?.label ?? value;
}

/** Spec §4 "Shipping deadline": the parcel must ship within this many hours of the order's start time. */
export const SHIP_DEADLINE_HOURS = 48;

/** The states in which the parcel still has to reach the buyer, so the ship deadline (and "overdue") applies. */
export const shipPendingStatuses: readonly OrderStatus[] = ['created', 'awaiting_arrival', 'received', 'inspecting', 'passed', 'bound'];

/** The states in which the goods are at the inspection centre: an interception is possible (and a cancel is not). */
export const atCentreStatuses: readonly OrderStatus[] = ['received', 'inspecting', 'passed', 'bound'];
