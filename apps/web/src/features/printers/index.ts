/** What other features may use from the printer configuration. */
export { usePrintLicense, usePrinterSettings } from './api';
export { LodopStatusAlert } from './components/LodopStatusAlert';
export { packageLocale, printService, sharedLodopLoader, toLicence, useLodop, type LodopState } from './lodop';
export { usePortalConfig, portalConfigOf, useHasPermission, type PortalConfig } from './portal';
