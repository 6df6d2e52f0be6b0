import { Button, Card, Col, Empty, Input, Row, Select, Skeleton, Space, Typography } from 'antd';
import { DeleteOutlined, FilePdfOutlined, PrinterOutlined } from '@ant-design/icons';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LabelView, browserPrintSettings, downloadPdf, loadPrinterChoice, printInBrowser, savePrinterChoice, type Template } from '@gemqc/label-designer';
import { showErrorOnce } from '../../../../lib/request';
import { ui } from '../../../../lib/ui';
import { ORDER_PATHS } from '../../paths';
import { useMt } from '../../i18n';
import { LodopStatusAlert, printService, toLicence, useLodop, usePrintLicense } from '../../../printers';
import { useFindOrder, useSheets, useSheetTemplate } from '../api';
import { toSheetRow, type OrderSheet, type OrderSheetRow } from '../sheetRow';
import { ScaledBox } from '../components/ScaledBox';
import './print.css';

const DEVICE = 'logistic_printer_device' as const;
/** The PDF's Chinese font files: their address map loads with the PDF, not with this page. */
const pdfFonts = () => import('../../../templates/pdfFonts').then((m) => m.pdfFonts);

/** ids from `?ids=1,2,3` (numbers only, no repeats, at most 100). */
export function parseIds(raw: string | null): string[] {
  const out: string[] = [];
  for (const s of (raw ?? '').split(',')) {
    const v = s.trim();
    if (/^\d{1,18}$/.test(v) && !out.includes(v)) out.push(v);
  }
  return out.slice(0, 100);
}

/** 订单打印: order sheets with the order barcode; C-Lodop when present, the browser otherwise. */
export default function PrintPage() {
  const t = useMt();
  const [sp, setSp] = useSearchParams();
  const ids = useMemo(() => parseIds(sp.get('ids')), [sp]);
  const sheets = useSheets(ids);
  const tpl = useSheetTemplate();
  const licence = usePrintLicense('merchant');
  const { status, printers, recheck } = useLodop();
  const [printer, setPrinter] = useState<number | undefined>(() => loadPrinterChoice(DEVICE)?.id);
  const [busy, setBusy] = useState(false);
  const [no, setNo] = useState('');
  const find = useFindOrder();

  const byId = new Map((sheets.data?.list ?? []).map((s) => [s.id, s]));
  const list = ids.map((id) => byId.get(id)).filter((s): s is OrderSheet => !!s);
  const rows = useMemo(() => list.map((s) => toSheetRow(s)), [list]);
  const template: Template | undefined = tpl.template;
  const lodopReady = status.state === 'ready';

  const setIds = (next: string[]) => setSp(next.length ? { ids: next.join(',') } : {});

  const print = async (data: OrderSheetRow[]) => {
    if (!template || data.length === 0) return;
    setBusy(true);
    try {
      if (lodopReady) {
        const r = await printService(toLicence(licence.data), DEVICE).printBatch(template, data);
        if (r.ok) ui().message.success(t('print.sent'));
        else ui().message.error(r.status.message);
      } else {
        await printInBrowser(template, data, browserPrintSettings(DEVICE));
        ui().message.info(t('print.browserSent', { count: data.length }));
      }
    } catch (e) {
      showErrorOnce(e);
    } finally {
      setBusy(false);
    }
  };

  const pdf = async () => {
    if (!template || rows.length === 0) return;
    setBusy(true);
    try {
      await downloadPdf(template, rows, { ...browserPrintSettings(DEVICE), fonts: pdfFonts, fileName: `order-sheets-${rows.length}.pdf` });
    } catch (e) {
      showErrorOnce(e);
    } finally {
      setBusy(false);
    }
  };

  const add = () => {
    const v = no.trim();
    if (!v) return;
    find.mutate(v, {
      onSuccess: (o) => {
        if (!o) ui().message.warning(t('detail.notFound'));
        else if (!ids.includes(o.id)) setIds([...ids, o.id]);
        setNo('');
      },
      onError: showErrorOnce,
    });
  };

  return (
    <div className="merchant-page">
      <Card size="small">
        <Row gutter={[12, 12]} align="middle">
          <Col flex="auto">
            <Space wrap>
              <Input
                style={{ width: 230 }}
                value={no}
                placeholder={t('print.addByNo')}
                onChange={(e) => setNo(e.target.value)}
                onPressEnter={add}
                allowClear
                autoFocus
              />
              <Button onClick={add} loading={find.isPending}>
                {t('print.add')}
              </Button>
              <Typography.Text type="secondary">
                {t('print.template')}：{tpl.name ?? t('print.defaultTemplate')}
              </Typography.Text>
              {tpl.problem && <Typography.Text type="danger">{tpl.problem}</Typography.Text>}
            </Space>
          </Col>
          <Col>
            <Space wrap>
              {lodopReady && (
                <Select<number>
                  style={{ width: 200 }}
                  placeholder={t('print.printer')}
                  value={printer}
                  options={printers.map((p) => ({ value: p.id, label: p.name }))}
                  onChange={(id) => {
                    setPrinter(id);
                    const p = printers.find((x) => x.id === id);
                    if (p) savePrinterChoice(DEVICE, p);
                  }}
                />
              )}
              <Typography.Text type="secondary" data-testid="print-mode">{t('print.mode', { mode: lodopReady ? t('print.printLodop') : t('print.printBrowser') })}</Typography.Text>
              <Button type="primary" icon={<PrinterOutlined />} disabled={rows.length === 0 || !template} loading={busy} onClick={() => void print(rows)}>
                {t('print.printAll', { count: rows.length })}
              </Button>
              <Button icon={<FilePdfOutlined />} disabled={rows.length === 0 || !template} loading={busy} onClick={() => void pdf()}>
                {t('print.pdf')}
              </Button>
            </Space>
          </Col>
        </Row>
        <div style={{ marginTop: 12 }}>
          <LodopStatusAlert status={status} onRecheck={recheck} browserHint />
        </div>
      </Card>

      {ids.length === 0 ? (
        <Card>
          <Empty description={t('print.noOrders')}>
            <Link to={ORDER_PATHS.list}>{t('orders.listTitle')}</Link>
          </Empty>
        </Card>
      ) : sheets.isPending || tpl.isPending ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : (
        <div className="sheet-grid">
          {list.map((s, i) => (
            <Card
              key={s.id}
              size="small"
              title={<Link to={ORDER_PATHS.detail(s.id)}>{s.order_no}</Link>}
              extra={
                <Space size={4}>
                  <Button size="small" type="link" icon={<PrinterOutlined />} disabled={!template || busy} onClick={() => void print([rows[i]!])}>
                    {t('print.printOne')}
                  </Button>
                  <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('print.remove')} onClick={() => setIds(ids.filter((x) => x !== s.id))} />
                </Space>
              }
            >
              {template && (
                <ScaledBox width={template.width} height={template.height}>
                  <LabelView template={template} row={rows[i]} mode="canvas" paper={false} />
                </ScaledBox>
              )}
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}
