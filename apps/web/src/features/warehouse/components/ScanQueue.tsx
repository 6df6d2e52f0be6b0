import { List, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { isOffline } from '../../../lib/network';
import { newRequestKey } from '../../../lib/useWrite';
import { receiveScanned, useWarehouseRefresh } from '../api';
import { useWt } from '../i18n';
import { isNoAnswer } from '../offlineScans';
import { useQueueOffline } from './OfflineScans';
import { ScanBox, type ScanBoxHandle } from './ScanBox';

interface Entry {
  key: number;
  code: string;
  state: 'waiting' | 'working' | 'received' | 'refused' | 'offline';
  /** The receive's client request key (the offline queue sends it again with the same key). */
  requestKey: string;
  orderNo?: string | null;
  text?: string;
}

/**
 * 连续入仓: parcels scanned one after another are received in scan order without a click each.
 * With the network down a scan goes to the offline scans (kept on this PC, received when the
 * network is back), marked 离线待提交 here.
 * A scan never waits for the previous answer (the scanner keeps going); the queue works through
 * the codes one at a time, so two scans of one parcel receive it once and the batch keeps the order
 * the parcels arrived in. Each line says what became of its code.
 */
export function ScanQueue() {
  const t = useWt();
  const box = useRef<ScanBoxHandle>(null);
  const refresh = useWarehouseRefresh();
  const [entries, setEntries] = useState<Entry[]>([]);
  const waiting = useRef<Entry[]>([]);
  const running = useRef(false);
  const nextKey = useRef(1);
  const queueOffline = useQueueOffline();

  const update = (key: number, patch: Partial<Entry>) => setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...patch } : e)));

  const work = async () => {
    if (running.current) return;
    running.current = true;
    try {
      for (let e = waiting.current.shift(); e; e = waiting.current.shift()) {
        if (isOffline()) {
          // the previous scan found no network: the rest wait offline too, in scan order
          await queueOffline({ kind: 'intake', code: e.code, key: e.requestKey });
          update(e.key, { state: 'offline', text: t('offline.movedToOffline') });
          continue;
        }
        update(e.key, { state: 'working' });
        try {
          const r = await receiveScanned(e.code, e.requestKey);
          if (r.state === 'received') update(e.key, { state: 'received', orderNo: r.orderNo, text: t('queue.received', { batch: r.batchNo }) });
          else update(e.key, { state: 'refused', orderNo: r.orderNo, text: r.reason });
        } catch (err) {
          if (isNoAnswer(err)) {
            // no answer: kept with its key, so a receive that did reach the server is answered, not repeated
            await queueOffline({ kind: 'intake', code: e.code, key: e.requestKey });
            update(e.key, { state: 'offline', text: t('offline.movedToOffline') });
          } else update(e.key, { state: 'refused', text: err instanceof Error ? err.message : String(err) });
        }
      }
    } finally {
      running.current = false;
      void refresh();
    }
  };

  const onScan = (code: string) => {
    const entry: Entry = { key: nextKey.current++, code, state: 'waiting', requestKey: newRequestKey('intake') };
    if (isOffline()) {
      setEntries((list) => [{ ...entry, state: 'offline' as const, text: t('offline.movedToOffline') }, ...list].slice(0, 200));
      void queueOffline({ kind: 'intake', code, key: entry.requestKey });
      box.current?.focus();
      return;
    }
    waiting.current.push(entry);
    setEntries((list) => [entry, ...list].slice(0, 200));
    void work();
    box.current?.focus();
  };

  const received = entries.filter((e) => e.state === 'received').length;
  const refused = entries.filter((e) => e.state === 'refused').length;
  const pending = entries.filter((e) => e.state === 'waiting' || e.state === 'working').length;

  return (
    <div data-testid="scan-queue" aria-label={t('queue.title')}>
      {/* never loading: a busy search box ignores Enter, and the scanner does not wait */}
      <ScanBox ref={box} onScan={onScan} />
      <Space size={16} style={{ margin: '8px 0' }} data-testid="scan-queue-counts">
        <Typography.Text>{t('queue.counts', { received, refused, pending })}</Typography.Text>
      </Space>
      <List<Entry>
        size="small"
        bordered
        locale={{ emptyText: t('queue.empty') }}
        dataSource={entries}
        renderItem={(e) => (
          <List.Item data-testid="scan-queue-entry" data-state={e.state}>
            <Space wrap>
              <Tag color={e.state === 'received' ? 'success' : e.state === 'refused' ? 'error' : e.state === 'offline' ? 'warning' : 'processing'}>{t(`queue.state.${e.state}`)}</Tag>
              <span className="mono">{e.code}</span>
              {e.orderNo && e.orderNo !== e.code && <Typography.Text type="secondary">{e.orderNo}</Typography.Text>}
              {e.text && <Typography.Text type={e.state === 'refused' ? 'danger' : undefined}>{e.text}</Typography.Text>}
            </Space>
          </List.Item>
        )}
      />
    </div>
  );
}
