import { useEffect, useMemo, useState } from 'react';
import { App, Button, Card, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { printerDeviceKinds, type PrinterDeviceKind, type PrinterSettings } from '@gemqc/contract';
import { MAX_COPIES, clearPrinterChoice, createTemplate, createTextItem, loadPrinterChoice, loadPrinterCopies, resolvePrinter, savePrinterChoice, savePrinterCopies, savePrinterOffset, type Printer } from '@gemqc/label-designer';
import { showErrorOnce } from '../../../lib/request';
import { usePrintLicense, usePrinterSettings, useSetPrinter } from '../api';
import { LodopStatusAlert } from '../components/LodopStatusAlert';
import { usePt } from '../i18n';
import { printService, toLicence, useLodop } from '../lodop';
import { usePortalConfig } from '../portal';
import { useHasPermission } from '../../../session/permissions';
import { chinaDateTime } from '../../../lib/chinaTime';
import '../printers.css';

/** 打印机配置 (/QIconfig/printer, /baseConfig/printer): one printer per device kind from this PC's C-Lodop list. */
export default function PrinterPage() {
  const t = usePt();
  const { message } = App.useApp();
  const { ns, configBase } = usePortalConfig();
  const lodop = useLodop();
  const settings = usePrinterSettings(ns);
  const licence = usePrintLicense(ns);
  const ready = lodop.status.state === 'ready';

  return (
    <div className="printer-page">
      <Card title={t('title')} size="small">
        <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
        <div className="printer-status">
          <LodopStatusAlert status={lodop.status} onRecheck={lodop.recheck} printerCount={lodop.printers.length} browserHint />
        </div>
        {printerDeviceKinds.map((kind) => (
          <PrinterRow
            key={kind}
            kind={kind}
            printers={lodop.printers}
            ready={ready}
            saved={settings.data}
            onTestPage={async (printer) => {
              const tpl = createTemplate({
                title: t('testPageTitle'),
                width: 265,
                height: 189,
                pageWidth: 70,
                pageHeight: 50,
                tempItems: [
                  createTextItem({ left: 10, top: 10, width: 245, height: 30, value: t('testPageTitle'), style: { FontSize: 12, Bold: true } }),
                  createTextItem({ left: 10, top: 50, width: 245, height: 60, value: `${t(`kind.${kind}`)}: ${printer.name}` }),
                  createTextItem({ left: 10, top: 120, width: 245, height: 30, value: chinaDateTime(Date.now()) }),
                ],
              });
              const r = await printService(toLicence(licence.data), kind).print(tpl);
              if (r.ok) void message.success(t('testPageSent'));
              else void message.warning(r.status.message);
            }}
          />
        ))}
      </Card>
      <Card title={t('templates')} size="small" className="printer-templates-card">
        <Space direction="vertical">
          <Typography.Text type="secondary">{t('templatesHint')}</Typography.Text>
          <Link to={`${configBase}/template`}>
            <Button type="primary" data-testid="open-templates">
              {t('openTemplates')}
            </Button>
          </Link>
        </Space>
      </Card>
    </div>
  );
}

interface RowProps {
  kind: PrinterDeviceKind;
  printers: Printer[];
  ready: boolean;
  saved: PrinterSettings | undefined;
  onTestPage(printer: Printer): Promise<void>;
}

function PrinterRow({ kind, printers, ready, saved, onTestPage }: RowProps) {
  const t = usePt();
  const { message } = App.useApp();
  const { ns } = usePortalConfig();
  const setPrinter = useSetPrinter(ns);
  const canConfigure = useHasPermission('printer.config');
  const server = saved?.[kind] ?? null;
  const [choice, setChoice] = useState<string | undefined>(undefined);
  const [offsetTop, setOffsetTop] = useState<number>(0);
  const [offsetLeft, setOffsetLeft] = useState<number>(0);
  // copies belong to this PC's printer like the C-Lodop choice: kept in local storage, used by every job
  const [copies, setCopies] = useState<number>(() => loadPrinterCopies(kind));
  const [printingTestPage, setPrintingTestPage] = useState(false);
  useEffect(() => {
    setOffsetTop(server?.offset_top_mm ?? 0);
    setOffsetLeft(server?.offset_left_mm ?? 0);
  }, [server]);

  // What is in effect on this PC: the local choice when C-Lodop still lists it, else the server's.
  const effective = useMemo(() => {
    const local = ready ? resolvePrinter(kind, printers) : null;
    if (local) return local.name;
    const name = server?.printer_name ?? loadPrinterChoice(kind)?.name ?? undefined;
    return name || undefined;
  }, [kind, printers, ready, server]);

  useEffect(() => setChoice(effective), [effective]);

  // The server knows a printer this PC has but the browser forgot (new browser, cleared storage): remember it locally.
  useEffect(() => {
    if (!ready || !server) return;
    const found = printers.find((p) => p.name === server.printer_name);
    if (found && !resolvePrinter(kind, printers)) savePrinterChoice(kind, found);
    // the calibration belongs to the printer: every job on it is moved by it
    if (resolvePrinter(kind, printers)?.name === server.printer_name) savePrinterOffset(kind, { top: server.offset_top_mm, left: server.offset_left_mm });
  }, [ready, server, printers, kind]);

  const inList = choice === undefined || printers.some((p) => p.name === choice);
  const options = printers.map((p) => ({ value: p.name, label: `${p.id + 1}. ${p.name}` }));
  if (choice && !inList) options.push({ value: choice, label: choice });
  const offsetDirty = !!choice && (offsetTop !== (server?.offset_top_mm ?? 0) || offsetLeft !== (server?.offset_left_mm ?? 0));
  const dirty = (choice ?? '') !== (server?.printer_name ?? '') || offsetDirty;
  const selected = printers.find((p) => p.name === choice);

  const save = () => {
    const printer = selected;
    setPrinter.mutate(
      { device_kind: kind, printer_name: choice ?? '', printer_index: printer ? printer.id : null, ...(choice ? { offset_top_mm: offsetTop, offset_left_mm: offsetLeft } : {}) },
      {
        onSuccess: (data) => {
          const saved = data[kind];
          if (printer) {
            savePrinterChoice(kind, printer);
            savePrinterOffset(kind, { top: saved?.offset_top_mm ?? 0, left: saved?.offset_left_mm ?? 0 });
          }
          else if (!choice) clearPrinterChoice(kind);
          void message.success(choice ? t('saved') : t('cleared'));
        },
        onError: (e) => showErrorOnce(e),
      },
    );
  };

  return (
    <div className="printer-row" data-testid={`printer-row-${kind}`}>
      <div className="printer-row-label">
        <div className="printer-row-title">{t(`kind.${kind}`)}</div>
        <Typography.Text type="secondary" className="printer-row-hint">
          {t(`kind.${kind}_hint`)}
        </Typography.Text>
      </div>
      <div className="printer-row-body">
        <Space wrap>
          <Select
            className="printer-select"
            placeholder={ready ? t('choose') : t('defaultPrinter')}
            value={choice}
            options={options}
            onChange={(v: string | undefined) => setChoice(v)}
            allowClear
            disabled={!ready}
            showSearch
            data-testid={`printer-select-${kind}`}
          />
          <Button type="primary" onClick={save} loading={setPrinter.isPending} disabled={!canConfigure || !dirty || (!!choice && !selected)}>
            {t('save')}
          </Button>
          <Button
            disabled={!ready || !selected || dirty}
            loading={printingTestPage}
            onClick={() => {
              if (!selected) return;
              setPrintingTestPage(true);
              void onTestPage(selected).finally(() => setPrintingTestPage(false));
            }}
          >
            {t('testPage')}
          </Button>
        </Space>
        <div className="printer-calibration" data-testid={`printer-calibration-${kind}`}>
          <span className="printer-calibration-title">{t('calibration')}</span>
          <InputNumber
            addonBefore={t('offsetTop')}
            addonAfter={t('offsetUnit')}
            value={offsetTop}
            min={-50}
            max={50}
            step={0.1}
            precision={1}
            onChange={(v) => setOffsetTop(typeof v === 'number' ? v : 0)}
            disabled={!choice || !canConfigure}
            data-testid={`printer-offset-top-${kind}`}
          />
          <InputNumber
            addonBefore={t('offsetLeft')}
            addonAfter={t('offsetUnit')}
            value={offsetLeft}
            min={-50}
            max={50}
            step={0.1}
            precision={1}
            onChange={(v) => setOffsetLeft(typeof v === 'number' ? v : 0)}
            disabled={!choice || !canConfigure}
            data-testid={`printer-offset-left-${kind}`}
          />
          <Typography.Text type="secondary" className="printer-row-hint">
            {t('calibrationHint')}
          </Typography.Text>
        </div>
        <div className="printer-calibration" data-testid={`printer-copies-row-${kind}`}>
          <span className="printer-calibration-title">{t('copies')}</span>
          <InputNumber
            addonAfter={t('copiesUnit')}
            value={copies}
            min={1}
            max={MAX_COPIES}
            step={1}
            precision={0}
            onChange={(v) => {
              const n = typeof v === 'number' ? v : 1;
              setCopies(n);
              savePrinterCopies(kind, n);
            }}
            data-testid={`printer-copies-${kind}`}
          />
          <Typography.Text type="secondary" className="printer-row-hint">
            {t('copiesHint')}
          </Typography.Text>
        </div>
        <div className="printer-row-state">
          {server ? (
            <Tag color="blue">{t('savedOn', { name: server.printer_name })}</Tag>
          ) : (
            <Typography.Text type="secondary">{t('notSet')}</Typography.Text>
          )}
          {ready && choice && !inList && <Typography.Text type="warning">{t('notInList', { name: choice })}</Typography.Text>}
        </div>
      </div>
    </div>
  );
}
