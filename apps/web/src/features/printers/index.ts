/** What other features may use from the printer configuration. */
export { usePrintLicense } from './api';
export { LodopStatusAlert } from './components/LodopStatusAlert';
export { packageLocale, printService, sharedLodopLoader, toLicence, useLodop } from './lodop';
export { usePortalConfig } from './portal';
