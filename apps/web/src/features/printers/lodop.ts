import { useCallback, useEffect, useState } from 'react';
import { LodopLoader, LodopPrintService, listPrinters, type LodopLicence, type LodopStatus, type Locale, type Printer, type PrinterDeviceKind } from '@gemqc/label-designer';
import type { PrintLicense } from '@gemqc/contract';
import i18n from '../../i18n';

/** The package's texts follow the app's language. */
export function packageLocale(): Locale {
  return i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
}

let loader: LodopLoader | null = null;
let loaderLocale: Locale | null = null;

/** One loader per page and language: C-Lodop's script is injected once. */
export function sharedLodopLoader(): LodopLoader {
  const locale = packageLocale();
  if (!loader || loaderLocale !== locale) {
    loader = new LodopLoader({ locale });
    loaderLocale = locale;
  }
  return loader;
}

/** The server's licence answer in the package's shape (absent when not configured). */
export function toLicence(l: PrintLicense | undefined): LodopLicence | undefined {
  if (!l || !l.license) return undefined;
  return { companyName: l.company_name, license: l.license, licenseA: l.licenseA, licenseB: l.licenseB };
}

/** A print service for one job; the licence comes from configuration, the printer from the remembered choice. */
export function printService(licence: LodopLicence | undefined, deviceKind: PrinterDeviceKind = 'base_printer'): LodopPrintService {
  return new LodopPrintService({ licence, deviceKind, locale: packageLocale() });
}

export interface LodopState {
  status: LodopStatus;
  printers: Printer[];
  /** Load again (after the user installed or started C-Lodop). */
  recheck(): void;
}

/** C-Lodop's state and printer list on this PC; spec §8 messages come with each non-ready state. */
export function useLodop(): LodopState {
  const [status, setStatus] = useState<LodopStatus>(() => sharedLodopLoader().status());
  const [printers, setPrinters] = useState<Printer[]>([]);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    const l = sharedLodopLoader();
    const now = l.status();
    if (now.state !== 'ready') setStatus({ state: 'loading', message: now.state === 'loading' ? now.message : '' });
    void l.load().then((st) => {
      if (!live) return;
      setStatus(st);
      setPrinters(st.state === 'ready' ? listPrinters(st.lodop) : []);
    });
    return () => {
      live = false;
    };
  }, [round]);
  const recheck = useCallback(() => setRound((r) => r + 1), []);
  return { status, printers, recheck };
}
