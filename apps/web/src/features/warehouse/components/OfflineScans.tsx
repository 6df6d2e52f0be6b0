import { Button, Card, List, Space, Tag, Typography } from 'antd';
import { CloudUploadOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useState } from 'react';
import { useUserStore } from '../../../session/user';
import { inChina } from '../../../lib/chinaTime';
import { useOffline } from '../../../lib/network';
import { ui } from '../../../lib/ui';
import { useWarehouseRefresh } from '../api';
import { useWt } from '../i18n';
import { clearFinished, listScans, onScansChanged, queueScan, replayScans, type OfflineScan } from '../offlineScans';

/** How often waiting scans are tried again while the browser thinks it is online (a Wi-Fi without a way out). */
const RETRY_MS = 10_000;

/** The queue's owner: the signed-in warehouse account ('' before the user is known). */
export function useScanAccount(): string {
  const id = useUserStore((s) => s.userInfo?.id);
  return id ? `qualityInspection:${id}` : '';
}

/** Keeps a scan made offline and says so at once (the scanner goes on). */
export function useQueueOffline() {
  const account = useScanAccount();
  const t = useWt();
  return useCallback(
    async (scan: Parameters<typeof queueScan>[1]) => {
      if (!account) return null;
      let e: Awaited<ReturnType<typeof queueScan>>;
      try {
        e = await queueScan(account, scan);
      } catch {
        void ui().message.error(t('offline.notKept', { code: scan.code }), 6);
        return null;
      }
      void ui().message.warning(scan.kind === 'ship' ? t('offline.queuedShip', { no: scan.code, waybill: scan.waybill }) : t('offline.queuedIntake', { code: scan.code }), 4);
      return e;
    },
    [account, t],
  );
}

const stateColor = { waiting: 'processing', done: 'success', conflict: 'error' } as const;

/**
 * 离线扫描: the scans kept while the network was down, in scan order, each with its time and what
 * became of it. They are sent when the network comes back (the `online` event), when the page
 * opens, every 10 s while some wait, and on 立即提交; the warehouse views refresh after.
 */
export function OfflineScans() {
  const t = useWt();
  const account = useScanAccount();
  const offline = useOffline();
  const refresh = useWarehouseRefresh();
  const [scans, setScans] = useState<OfflineScan[]>([]);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!account) return;
    let live = true;
    const load = () =>
      void listScans(account).then(
        (l) => live && setScans(l),
        () => undefined, // no IndexedDB here (a private window): nothing was kept
      );
    load();
    const off = onScansChanged(load);
    return () => {
      live = false;
      off();
    };
  }, [account]);

  const send = useCallback(async () => {
    if (!account) return;
    setSending(true);
    try {
      const done = await replayScans(account, {
        received: (batch) => t('offline.received', { batch }),
        shipped: (waybill) => t('offline.shipped', { waybill }),
      });
      if (done > 0) void refresh();
    } finally {
      setSending(false);
    }
  }, [account, t, refresh]);

  const waiting = scans.filter((s) => s.state === 'waiting').length;
  useEffect(() => {
    if (!waiting || offline) return;
    void send();
    const timer = setInterval(() => void send(), RETRY_MS);
    return () => clearInterval(timer);
  }, [waiting > 0, offline, send]); // eslint-disable-line react-hooks/exhaustive-deps -- once per change of "some wait"

  if (!scans.length) return null;
  const done = scans.filter((s) => s.state === 'done').length;
  const conflict = scans.length - waiting - done;
  return (
    <Card
      size="small"
      className="wh-offline"
      data-testid="offline-scans"
      title={
        <Space size={8}>
          <CloudUploadOutlined />
          <span>{t('offline.title')}</span>
        </Space>
      }
      extra={
        <Space size={8} wrap>
          <Button size="small" type="primary" disabled={!waiting || offline} loading={sending} onClick={() => void send()}>
            {offline && waiting ? t('offline.waitingNetwork') : t('offline.sendNow')}
          </Button>
          <Button size="small" disabled={waiting === scans.length} onClick={() => void clearFinished(account)}>
            {t('offline.clear')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph style={{ marginBottom: 4 }} data-testid="offline-scans-counts">
        {t('offline.counts', { waiting, done, conflict })}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" className="small" style={{ marginBottom: 8 }}>
        {t('offline.hint')}
      </Typography.Paragraph>
      <List<OfflineScan>
        size="small"
        dataSource={scans}
        rowKey="key"
        renderItem={(s) => (
          <List.Item data-testid="offline-scan" data-state={s.state}>
            <Space wrap size={[8, 4]}>
              <Tag color={stateColor[s.state]}>{t(`offline.state.${s.state}`)}</Tag>
              <Tag>{t(`offline.kind.${s.kind}`)}</Tag>
              <span className="mono">{s.code}</span>
              {s.kind === 'ship' && s.waybill && <span className="mono">{s.waybill}</span>}
              {s.orderNo && s.orderNo !== s.code && <Typography.Text type="secondary">{s.orderNo}</Typography.Text>}
              <Typography.Text type="secondary" className="small">
                {t('offline.scannedAt', { time: inChina(s.scannedAt).format('MM-DD HH:mm:ss') })}
              </Typography.Text>
              {s.result && <Typography.Text type={s.state === 'conflict' ? 'danger' : undefined}>{s.result}</Typography.Text>}
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
