import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '../../lib/useWrite';
import { printLicenseApi, printersApi, type BodyOf, type PrintLicenseNamespace, type PrinterNamespace } from '@gemqc/contract';
import { callApi } from '../../lib/request';

export const printerKeys = {
  settings: (ns: PrinterNamespace) => ['printers', ns, 'settings'] as const,
  license: (ns: PrintLicenseNamespace) => ['printers', ns, 'license'] as const,
};

/** The printer this account chose per device kind (server side). */
export function usePrinterSettings(ns: PrinterNamespace) {
  return useQuery({
    queryKey: printerKeys.settings(ns),
    queryFn: ({ signal }) => callApi(printersApi[ns].get, { signal }),
  });
}

export function useSetPrinter(ns: PrinterNamespace) {
  const qc = useQueryClient();
  return useWrite({
    mutationFn: (body: BodyOf<(typeof printersApi)[PrinterNamespace]['set']>) => callApi(printersApi[ns].set, { body }),
    onSuccess: (data) => qc.setQueryData(printerKeys.settings(ns), data),
  });
}

/** The C-Lodop licence from the server's configuration; it changes only with a redeploy. */
export function usePrintLicense(ns: PrintLicenseNamespace) {
  return useQuery({
    queryKey: printerKeys.license(ns),
    queryFn: ({ signal }) => callApi(printLicenseApi[ns], { signal, silent: true }),
    staleTime: Infinity,
    retry: false,
  });
}
