import { ledgerTypeLabel, orderStatusLabel } from '@gemqc/contract';
import { yuanNumber, type SheetColumn } from '../../platform/export';
import type { DailySheetRow } from './service';

type CountKey = 'created' | 'received' | 'passed' | 'failed' | 'shipped' | 'intercepted' | 'cancelled';
type FenKey = 'inspection_fee' | 'certificate_fee' | 'fee_total' | 'top_up';

const date: SheetColumn<DailySheetRow> = { header: '日期', width: 12, value: (r) => r.date };
const count = (header: string, key: CountKey): SheetColumn<DailySheetRow> => ({ header, width: 10, value: (r) => r[key] });
const yuan = (header: string, key: FenKey): SheetColumn<DailySheetRow> => ({ header: `${header}（元）`, width: 14, value: (r) => yuanNumber(r[key]) });

/** The merchant's 日报表 sheet: the columns of its table, in its order and with its titles. */
export const merchantDailyColumns: SheetColumn<DailySheetRow>[] = [
  date,
  count('新建', 'created'),
  count(orderStatusLabel('received'), 'received'),
  count(orderStatusLabel('passed'), 'passed'),
  count(orderStatusLabel('failed'), 'failed'),
  count('发货', 'shipped'),
  count(orderStatusLabel('intercepted'), 'intercepted'),
  count(orderStatusLabel('cancelled'), 'cancelled'),
  yuan(ledgerTypeLabel('INSPECTION'), 'inspection_fee'),
  yuan(ledgerTypeLabel('CERTIFICATE'), 'certificate_fee'),
  yuan('费用合计', 'fee_total'),
  yuan(ledgerTypeLabel('TOP_UP'), 'top_up'),
];

/** The service centre's 日报表 sheet (no top-ups: they are the merchant's). */
export const centreDailyColumns: SheetColumn<DailySheetRow>[] = [
  date,
  count('新建', 'created'),
  count('入仓', 'received'),
  count('合格', 'passed'),
  count('不合格', 'failed'),
  count('发货', 'shipped'),
  count('拦截', 'intercepted'),
  count('取消', 'cancelled'),
  yuan(ledgerTypeLabel('INSPECTION'), 'inspection_fee'),
  yuan(ledgerTypeLabel('CERTIFICATE'), 'certificate_fee'),
  yuan('费用合计', 'fee_total'),
];
