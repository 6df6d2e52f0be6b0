import { Card, Col, Empty, Row, Skeleton, Space, Switch, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { scanCode, type IntakeScanData } from '@gemqc/contract';
import { ApiError, showErrorOnce } from '../../../lib/request';
import { isOffline } from '../../../lib/network';
import { newRequestKey } from '../../../lib/useWrite';
import { ui } from '../../../lib/ui';
import { useHasPermission } from '../../../session/permissions';
import { useIntakeScan, useReceive } from '../api';
import { BatchSummary } from '../components/BatchSummary';
import { OrderWorkbench } from '../components/OrderWorkbench';
import { ScanBox, type ScanBoxHandle } from '../components/ScanBox';
import { ScanQueue } from '../components/ScanQueue';
import { OfflineScans, useQueueOffline } from '../components/OfflineScans';
import { isNoAnswer } from '../offlineScans';
import { useWt } from '../i18n';
import { WAREHOUSE_PREFS, useStoredFlag } from '../prefs';
import '../warehouse.css';

/** Whether a scanned code names the order on the bench (its order no or inbound waybill). */
function namesOrder(c: string, code: string | null, d: IntakeScanData | undefined): boolean {
  if (!d) return false;
  const u = c.toUpperCase();
  return c === code || u === d.order.order_no.toUpperCase() || (!!d.order.inbound_waybill && u === d.order.inbound_waybill.toUpperCase());
}

/**
 * 入仓质检: scan a parcel, receive it into the open batch, record results, bind tags, print their
 * labels, upload recordings, ship or return. For a scanner without a mouse: scanning the order on
 * the bench again while it can be received receives it; with 扫码自动入仓 on, the first scan does.
 */
export default function QualityInspectionPage() {
  const t = useWt();
  const scanBox = useRef<ScanBoxHandle>(null);
  const [sp] = useSearchParams();
  // ?code= opens an order from another page (e.g. the order list's detail), also when the page is kept alive
  const linked = useMemo(() => {
    const r = scanCode.safeParse(sp.get('code') ?? '');
    return r.success ? r.data : null;
  }, [sp]);
  const [code, setCode] = useState<string | null>(linked);
  useEffect(() => {
    if (linked) setCode(linked);
  }, [linked]);
  const scan = useIntakeScan(code);
  const notFound = scan.isError && scan.error instanceof ApiError && scan.error.code === 1004;
  const mayIntake = useHasPermission('warehouse.intake');
  const [autoReceive, setAutoReceive] = useStoredFlag(WAREHOUSE_PREFS.autoReceive);
  const [autoPrint, setAutoPrint] = useStoredFlag(WAREHOUSE_PREFS.autoPrintLabel);
  const [queueMode, setQueueMode] = useStoredFlag(WAREHOUSE_PREFS.scanQueue);
  const inQueue = queueMode && mayIntake;
  const receive = useReceive();
  // a scan to receive once its order has loaded (扫码自动入仓): the code and when it was scanned
  const autoFor = useRef<{ code: string; at: number } | null>(null);

  const refocus = useCallback(() => scanBox.current?.focus(), []);
  // with the network down a scan is kept on this PC and received when it is back (离线扫描)
  const queueOffline = useQueueOffline();
  // one client request key per order's receive until it succeeds (kept with a scan queued offline)
  const receiveKeys = useRef(new Map<string, string>());

  const doReceive = useCallback(
    (d: IntakeScanData, byScan: boolean) => {
      if (receive.isPending) return;
      const id = d.order.id;
      const key = receiveKeys.current.get(id) ?? newRequestKey('intake');
      receiveKeys.current.set(id, key);
      const keep = () => void queueOffline({ kind: 'intake', code: d.order.order_no, orderId: id, orderNo: d.order.order_no, sent: true, key }).then(refocus);
      if (isOffline()) return keep();
      receive.mutate(
        { id, key },
        {
          onSuccess: (r) => {
            receiveKeys.current.delete(id);
            void ui().message.success(byScan ? t('receive.scanDone', { no: d.order.order_no, batch: r.batch.batch_no }) : t('receive.done', { batch: r.batch.batch_no }));
            refocus();
          },
          onError: (e) => {
            if (isNoAnswer(e)) return keep();
            showErrorOnce(e);
            refocus();
          },
        },
      );
    },
    [receive, t, refocus, queueOffline],
  );

  // the lookup of a scan got no answer (a Wi-Fi without a way out): the scan is kept, not lost
  const keptLookup = useRef(0);
  useEffect(() => {
    if (!code || !scan.isError || !isNoAnswer(scan.error) || keptLookup.current === scan.errorUpdatedAt) return;
    keptLookup.current = scan.errorUpdatedAt;
    void queueOffline({ kind: 'intake', code }).then(refocus);
  }, [code, scan.isError, scan.error, scan.errorUpdatedAt, queueOffline, refocus]);

  // 扫码自动入仓: receive the scanned order as soon as its fresh answer says it can be
  useEffect(() => {
    const want = autoFor.current;
    if (!want || want.code !== code || scan.isFetching) return;
    const fresh = scan.dataUpdatedAt >= want.at;
    if (!fresh && scan.errorUpdatedAt < want.at) return;
    autoFor.current = null;
    if (fresh && scan.data?.can_receive && mayIntake) doReceive(scan.data, true);
  }, [code, scan.isFetching, scan.dataUpdatedAt, scan.errorUpdatedAt, scan.data, mayIntake, doReceive]);

  const onScan = (c: string) => {
    if (isOffline()) {
      autoFor.current = null;
      void queueOffline({ kind: 'intake', code: c }).then(refocus);
      return;
    }
    // the order on the bench scanned again while it shows 确认入仓: the second scan confirms
    if (scan.data && !scan.isFetching && namesOrder(c, code, scan.data) && scan.data.can_receive && mayIntake) {
      doReceive(scan.data, true);
      return;
    }
    autoFor.current = autoReceive && mayIntake ? { code: c, at: Date.now() } : null;
    if (c === code) void scan.refetch();
    else setCode(c);
  };

  return (
    <div className="wh-page">
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={16}>
          <Card
            size="small"
            title={t('scan.title')}
            style={{ height: '100%' }}
            extra={
              <Space size={16} wrap>
                {mayIntake && (
                  <Tooltip title={t('scan.queueModeHint')}>
                    <label className="wh-switch">
                      <Switch size="small" checked={queueMode} onChange={setQueueMode} data-testid="queue-mode" />
                      <span>{t('scan.queueMode')}</span>
                    </label>
                  </Tooltip>
                )}
                {mayIntake && !inQueue && (
                  <Tooltip title={t('scan.autoReceiveHint')}>
                    <label className="wh-switch">
                      <Switch
                        size="small"
                        checked={autoReceive}
                        onChange={(v) => {
                          setAutoReceive(v);
                          refocus();
                        }}
                        data-testid="auto-receive"
                      />
                      <span>{t('scan.autoReceive')}</span>
                    </label>
                  </Tooltip>
                )}
                <Tooltip title={t('label.autoPrintHint')}>
                  <label className="wh-switch">
                    <Switch
                      size="small"
                      checked={autoPrint}
                      onChange={(v) => {
                        setAutoPrint(v);
                        refocus();
                      }}
                      data-testid="auto-print"
                    />
                    <span>{t('label.autoPrint')}</span>
                  </label>
                </Tooltip>
              </Space>
            }
          >
            {inQueue ? <ScanQueue /> : <ScanBox ref={scanBox} onScan={onScan} loading={scan.isFetching || receive.isPending} />}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <BatchSummary />
        </Col>
      </Row>

      <OfflineScans />

      {inQueue ? null : !code ? (
        <Card>
          <Empty description={t('scan.empty')} />
        </Card>
      ) : scan.isPending && scan.isFetching ? (
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : scan.data ? (
        <OrderWorkbench
          key={scan.data.order.id}
          d={scan.data}
          receivedAt={scan.dataUpdatedAt}
          refreshing={scan.isFetching}
          onRefresh={() => void scan.refetch()}
          onReceive={() => scan.data && doReceive(scan.data, false)}
          receiving={receive.isPending}
          autoPrint={autoPrint}
          onDone={refocus}
        />
      ) : (
        <Card>
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <Typography.Text type={notFound ? 'danger' : 'secondary'} data-testid="scan-missing">
                {notFound ? t('scan.notFound', { code }) : t('scan.empty')}
              </Typography.Text>
            }
          />
        </Card>
      )}
    </div>
  );
}
