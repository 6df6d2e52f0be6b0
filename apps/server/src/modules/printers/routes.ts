import { printLicenseApi, printersApi, type PrinterNamespace, type UserType } from '@gemqc/contract';
import { defineRoutes } from '../../platform/route';
import * as service from './service';

const portals: Record<PrinterNamespace, readonly UserType[]> = {
  warehouse: ['qualityInspection'],
  center: ['base'],
};

export default defineRoutes((r) => {
  for (const ns of ['warehouse', 'center'] as const) {
    const api = printersApi[ns];
    // every account reads its own choice (printing needs it); the configuration page needs printer.config
    r.route(api.get, { auth: portals[ns] }, ({ session, deps }) => service.getPrinters(deps.db, session.accountId));
    r.route(api.set, { auth: portals[ns], permission: 'printer.config' }, ({ body, session, deps, now }) => service.setPrinter(deps.db, session.accountId, body, now));
  }
  r.route(printLicenseApi.warehouse, { auth: ['qualityInspection'] }, ({ deps }) => service.printLicense(deps.config));
  r.route(printLicenseApi.center, { auth: ['base'] }, ({ deps }) => service.printLicense(deps.config));
  r.route(printLicenseApi.merchant, { auth: ['trader'] }, ({ deps }) => service.printLicense(deps.config));
});
