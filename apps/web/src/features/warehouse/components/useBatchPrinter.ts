import { useState } from 'react';
import { browserPrintSettings, printInBrowser } from '@gemqc/label-designer';
import type { BatchPrintData } from '@gemqc/contract';
import { showErrorOnce } from '../../../lib/request';
import { ui } from '../../../lib/ui';
import { printService, toLicence, useLodop, usePrintLicense } from '../../printers';
import { templateForPrint, useDefaultTemplate } from '../../templates';
import { toBatchRow } from '../batchPrint';
import { useWt } from '../i18n';

/**
 * Prints a batch list with the centre's default "batch_list" template (the server answers its
 * built-in one when there is none): through C-Lodop on the label printer when it runs on this PC, else the browser.
 */
export function useBatchPrinter() {
  const t = useWt();
  const tpl = useDefaultTemplate('warehouse', 'batch_list');
  const licence = usePrintLicense('warehouse');
  const { status } = useLodop();
  const [busy, setBusy] = useState(false);

  const print = async (data: BatchPrintData) => {
    setBusy(true);
    try {
      const template = await templateForPrint(tpl);
      const rows = [toBatchRow(data)];
      if (status.state === 'ready') {
        const r = await printService(toLicence(licence.data), 'base_printer').printBatch(template, rows);
        if (r.ok) ui().message.success(t('lot.printSent'));
        else ui().message.error(r.status.message);
      } else {
        await printInBrowser(template, rows, browserPrintSettings('base_printer'));
        ui().message.info(t('lot.printBrowserSent'));
      }
    } catch (e) {
      showErrorOnce(e);
    } finally {
      setBusy(false);
    }
  };
  return { print, busy };
}
