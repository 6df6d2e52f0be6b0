import { useState } from 'react';
import { Button, Modal, Space } from 'antd';
import { LabelView, browserPrintSettings, downloadPdf, printInBrowser, type DataRow, type LodopStatus, type Template } from '@gemqc/label-designer';
import { LodopStatusAlert, sharedLodopLoader } from '../../printers';
import { useTt } from '../i18n';

/** The PDF's Chinese font files: their address map loads with the PDF, not with this modal. */
const pdfFonts = () => import('../pdfFonts').then((m) => m.pdfFonts);

/** C-Lodop cannot print here: its §8 message, the label with sample data, and browser print / PDF. */
export function PrintFallbackModal({ template, row, status, onClose }: { template: Template; row: DataRow; status: LodopStatus; onClose(): void }) {
  const t = useTt();
  const [busy, setBusy] = useState<'print' | 'pdf' | null>(null);
  const run = (what: 'print' | 'pdf') => {
    setBusy(what);
    const job = what === 'print' ? printInBrowser(template, [row], browserPrintSettings('base_printer')) : downloadPdf(template, [row], { ...browserPrintSettings('base_printer'), fonts: pdfFonts, fileName: `${template.title || 'label'}.pdf` });
    void job.finally(() => setBusy(null));
  };
  return (
    <Modal
      open
      width={Math.min(1000, Math.max(640, template.width + 80))}
      title={t('browserPreviewTitle')}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button loading={busy === 'pdf'} onClick={() => run('pdf')} data-testid="fallback-pdf">
            {t('downloadPdf')}
          </Button>
          <Button type="primary" loading={busy === 'print'} onClick={() => run('print')} data-testid="fallback-print">
            {t('browserPrint')}
          </Button>
        </Space>
      }
    >
      <LodopStatusAlert status={status} onRecheck={() => void sharedLodopLoader().load()} browserHint />
      <div className="tpl-fallback-preview">
        <LabelView template={template} row={row} mode="print" />
      </div>
    </Modal>
  );
}
