import { useCallback, useState } from 'react';
import { getItem, setItem } from '../../lib/storage';

/** The inspector's switches at the scanning station, remembered on this PC (localStorage). */
export const WAREHOUSE_PREFS = {
  /** 扫码自动入仓: a scanned order that can be received is received at once. */
  autoReceive: 'gemqc.warehouse.autoReceive',
  /** 连续入仓: the page is a scan queue that receives parcel after parcel (no workbench). */
  scanQueue: 'gemqc.warehouse.scanQueue',
  /** 绑码后自动打印: the certificate label prints as soon as its tag is bound. */
  autoPrintLabel: 'gemqc.warehouse.autoPrintLabel',
} as const;

/** A remembered on/off switch ('1' / '0' in localStorage; off until switched on). */
export function useStoredFlag(key: string): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => getItem(key) === '1');
  const set = useCallback(
    (v: boolean) => {
      setOn(v);
      setItem(key, v ? '1' : '0');
    },
    [key],
  );
  return [on, set];
}
