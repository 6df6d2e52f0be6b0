import { Tag } from 'antd';
import { useAt } from '../i18n';

const COLORS: Record<number, string> = { [-1]: 'default', 0: 'processing', 1: 'success', 2: 'error' };

/** Testing-authorisation status: -1 not submitted, 0 under review, 1 approved, 2 rejected. */
export function AuthStatusTag({ status }: { status: number }) {
  const t = useAt();
  return (
    <Tag color={COLORS[status] ?? 'default'} style={{ marginInlineEnd: 0 }}>
      {t(`auth.${status}`, { defaultValue: String(status) })}
    </Tag>
  );
}
