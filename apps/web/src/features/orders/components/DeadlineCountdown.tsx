import { Typography } from 'antd';
import { countdown, useNow } from '../../../lib/countdown';
import { useMt } from '../i18n';

const { Text } = Typography;

interface Props {
  deadline: string | null | undefined;
  /** false once shipped or closed (the server sends remaining_seconds null then). */
  active: boolean;
  /** server time − local time, so a wrong PC clock does not shift the countdown. */
  offsetMs?: number;
}

/** Remaining time to the ship deadline, ticking every second; 发货超时 once past. */
export function DeadlineCountdown({ deadline, active, offsetMs = 0 }: Props) {
  if (!deadline || !active) return <Text type="secondary">—</Text>;
  return <Ticking deadline={deadline} offsetMs={offsetMs} />;
}

function Ticking({ deadline, offsetMs }: { deadline: string; offsetMs: number }) {
  const t = useMt();
  const now = useNow();
  const c = countdown(deadline, now + offsetMs);
  if (c.overdue) {
    return (
      <Text type="danger" strong data-testid="overdue">
        {t('orders.overdue')}
      </Text>
    );
  }
  const urgent = c.remaining < 6 * 3600 * 1000;
  return (
    <Text type={urgent ? 'warning' : undefined} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="countdown">
      {c.text}
    </Text>
  );
}

/** server_time of an answer and when it arrived (a query's dataUpdatedAt) → offset to add to Date.now(). */
export function serverOffset(serverTime: string | undefined, receivedAt: number): number {
  if (!serverTime || !receivedAt) return 0;
  const s = Date.parse(serverTime);
  return Number.isFinite(s) ? s - receivedAt : 0;
}
