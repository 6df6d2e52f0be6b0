import { Tag } from 'antd';
import { useMt } from '../i18n';

const COLORS: Record<string, string> = { pass: 'success', fail: 'error', unable: 'warning' };

export function ResultTag({ result }: { result: string | null }) {
  const t = useMt();
  if (!result) return <Tag>{t('detail.noResult')}</Tag>;
  return <Tag color={COLORS[result] ?? 'default'}>{t(`result.${result}`, { defaultValue: result })}</Tag>;
}
