import { useState } from 'react';
import { browserPrintSettings, printInBrowser, type DataRow } from '@gemqc/label-designer';
import { showErrorOnce } from '../../../lib/request';
import { ui } from '../../../lib/ui';
import { printService, sharedLodopLoader, toLicence, useLodop, usePrintLicense } from '../../printers';
import { templateForPrint, useDefaultTemplate } from '../../templates';
import { useWt } from '../i18n';

const inPage = (el: Element | null): el is HTMLElement => el instanceof HTMLElement && el !== document.body && el.tagName !== 'IFRAME';

/**
 * The browser prints from a hidden frame that takes the focus: afterwards the focus goes back to
 * where the page last put it (e.g. the next 绑码 box), or a scanner's next code would go nowhere.
 */
async function keepingFocus(run: () => Promise<void>): Promise<void> {
  let last = inPage(document.activeElement) ? document.activeElement : null;
  const track = (e: FocusEvent) => {
    if (inPage(e.target as Element | null)) last = e.target as HTMLElement;
  };
  document.addEventListener('focusin', track);
  try {
    await run();
  } finally {
    document.removeEventListener('focusin', track);
    const now = document.activeElement;
    if (!inPage(now)) {
      window.focus();
      if (last?.isConnected) last.focus();
      // nothing to go back to: at least leave the frame, so the scan box's key handler hears the next scan
      else if (now instanceof HTMLIFrameElement) now.blur();
    }
  }
}

/**
 * Prints certificate labels with the centre's default "certificate_label" template (the server
 * answers its built-in one when there is none): one label per row, through C-Lodop on the label printer when it runs
 * on this PC, else the browser's print dialog — the path the batch list takes (useBatchPrinter).
 */
export function useCertificatePrinter() {
  const t = useWt();
  const tpl = useDefaultTemplate('warehouse', 'certificate_label');
  const licence = usePrintLicense('warehouse');
  const { status } = useLodop();
  const [busy, setBusy] = useState(false);

  const print = async (rows: DataRow[]) => {
    if (rows.length === 0) return;
    setBusy(true);
    try {
      // right after the page opened (an auto print of the first bind): wait for the template and C-Lodop
      const template = await templateForPrint(tpl);
      const st = status.state === 'loading' ? await sharedLodopLoader().load() : status;
      if (st.state === 'ready') {
        const r = await printService(toLicence(licence.data), 'base_printer').printBatch(template, rows);
        if (r.ok) void ui().message.success(t('label.sent', { n: rows.length }));
        else void ui().message.error(r.status.message);
      } else {
        await keepingFocus(() => printInBrowser(template, rows, browserPrintSettings('base_printer')));
        void ui().message.info(t('label.browserSent', { n: rows.length }));
      }
    } catch (e) {
      showErrorOnce(e);
    } finally {
      setBusy(false);
    }
  };
  return { print, busy };
}
