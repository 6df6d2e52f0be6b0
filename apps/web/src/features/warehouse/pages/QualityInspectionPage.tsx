import { Card, Col, Empty, Row, Skeleton, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { scanCode } from '@gemqc/contract';
import { ApiError } from '../../../lib/request';
import { useIntakeScan } from '../api';
import { BatchSummary } from '../components/BatchSummary';
import { OrderWorkbench } from '../components/OrderWorkbench';
import { ScanBox, type ScanBoxHandle } from '../components/ScanBox';
import { useWt } from '../i18n';
import '../warehouse.css';

/** 入仓质检: scan a parcel, receive it into the open batch, record results, bind tags, upload recordings, ship or return. */
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

  const onScan = (c: string) => {
    if (c === code) void scan.refetch();
    else setCode(c);
  };
  const refocus = () => scanBox.current?.focus();

  return (
    <div className="wh-page">
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={16}>
          <Card size="small" title={t('scan.title')} style={{ height: '100%' }}>
            <ScanBox ref={scanBox} onScan={onScan} loading={scan.isFetching} />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <BatchSummary />
        </Col>
      </Row>

      {!code ? (
        <Card>
          <Empty description={t('scan.empty')} />
        </Card>
      ) : scan.isPending && scan.isFetching ? (
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : scan.data ? (
        <OrderWorkbench d={scan.data} receivedAt={scan.dataUpdatedAt} refreshing={scan.isFetching} onRefresh={() => void scan.refetch()} onDone={refocus} />
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
