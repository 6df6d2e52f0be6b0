import { Tag } from 'antd';
import { useMt } from '../i18n';

/** antd Tag colours per order state (docs/domain.md#states). */
export const STATUS_COLORS: Record<string, string> = {
  created: 'default',
  awaiting_arrival: 'processing',
  received: 'cyan',
  inspecting: 'geekblue',
  passed: 'success',
  failed: 'error',
  unable: 'warning',
  bound: 'purple',
  shipped: 'blue',
  completed: 'green',
  intercepted: 'magenta',
  return_pending: 'gold',
  returned: 'default',
  picked_up: 'default',
  cancelled: 'default',
};

export function StatusTag({ status }: { status: string }) {
  const t = useMt();
  return (
    <Tag color={STATUS_COLORS[status] ?? 'default'} style={{ marginInlineEnd: 0 }}>
      {t(`status.${status}`, { defaultValue: status })}
    </Tag>
  );
}
