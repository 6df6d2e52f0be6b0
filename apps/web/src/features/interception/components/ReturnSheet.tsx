import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { inChina } from '../../../lib/chinaTime';
import { useIt } from '../i18n';

/** What a return sheet (退货单) prints: the parcel's order, where it goes and how. */
export interface ReturnSheetData {
  orderNo: string;
  merchantName: string;
  centreName: string;
  contact: string;
  mobile: string;
  address: string;
  carrier: string;
  waybill: string;
  items: string;
  reason: string;
}

/**
 * 退货单: put in the parcel (or stuck on it) when intercepted goods go back by post. Rendered only
 * while printing, straight under <body>, and printed alone (interception.css hides the rest of the
 * page then); `onDone` runs once the browser's print dialog has closed.
 */
export function ReturnSheet({ data, onDone }: { data: ReturnSheetData; onDone: () => void }) {
  const t = useIt();
  useEffect(() => {
    window.print();
    onDone();
  }, [data, onDone]);
  const row = (label: string, value: string, testId?: string) => (
    <tr>
      <th>{label}</th>
      <td data-testid={testId}>{value || '—'}</td>
    </tr>
  );
  return createPortal(
    <article className="return-sheet" data-testid="return-sheet">
      <h1>{t('queue.sheetTitle')}</h1>
      <div className="return-sheet__no">{data.orderNo}</div>
      <table>
        <tbody>
          {row(t('queue.merchant'), data.merchantName)}
          {row(t('queue.contact'), data.contact, 'return-sheet-contact')}
          {row(t('queue.mobile'), data.mobile, 'return-sheet-mobile')}
          {row(t('queue.address'), data.address, 'return-sheet-address')}
          {row(t('queue.carrier'), data.carrier)}
          {row(t('queue.waybill'), data.waybill)}
          {row(t('queue.sheetItems'), data.items)}
          {row(t('queue.sheetReason'), data.reason)}
          {row(t('queue.sheetCentre'), data.centreName)}
          {row(t('queue.sheetTime'), inChina(new Date()).format('YYYY-MM-DD HH:mm'))}
        </tbody>
      </table>
      <p className="return-sheet__sign">{t('queue.sheetSign')}</p>
    </article>,
    document.body,
  );
}
