/** What other features may use from the label templates (e.g. printing with the default template). */
export { templateForPrint, useDefaultTemplate, useMerchantDefaultTemplate } from './api';
