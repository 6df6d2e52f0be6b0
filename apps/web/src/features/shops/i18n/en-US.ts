import type zhCN from './zh-CN';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** en-US texts of shops; the type keeps every zh-CN key translated. */
const enUS: Texts<typeof zhCN> = {
  common: {
    retry: 'Retry',
    total: '{{total}} in total',
  },
  orders: {
    platformOrderId: 'Platform order',
    status: 'Status',
    shop: 'Shop',
    buyer: 'Buyer',
    deadline: 'Ship by',
  },
  shops: {
    detectionTitle: 'Shop orders to inspect',
    authorize: 'Authorise a shop',
    authorizing: 'Redirecting to Doudian…',
    shops: 'Authorised shops',
    shopStatus: { active: 'Active', expired: 'Authorise again', revoked: 'Revoked' },
    lastPulled: 'Last pulled',
    pull: 'Pull orders',
    pulled: '{{count}} new order(s) pulled',
    pending: 'Shop orders awaiting inspection',
    paidAt: 'Paid at',
    product: 'Product',
    amount: 'Amount',
    createSelected: 'Create testing orders for {{count}} selected',
    creating: 'Creating {{done}}/{{total}}',
    created: 'Done {{done}}/{{total}}',
    createDone: 'Done: {{ok}} created, {{fail}} failed',
    selectCentre: 'Centre',
    defaultCentre: 'Default centre',
    authorisedAt: 'Authorised',
    noPending: 'No shop orders awaiting inspection',
    noShops: 'No shop authorised yet. Authorise your Doudian shop first.',
    authTitle: 'Shop authorisation',
    authWorking: 'Completing the shop authorisation…',
    authFailed: 'Shop authorisation failed',
    authMissing: 'The return link has no code or state',
    authRetry: 'Authorise again',
    authToLogin: 'Back to sign-in',
    authDone: 'Shop authorised',
    authHint: 'Once authorised, GemQC pulls paid orders that must be inspected before shipping.',
    reauthNeeded: 'The Doudian authorisation of {{shops}} is no longer valid: shipment reports to Doudian wait. Authorise the shop again and they resume.',
    demoPlatform: 'Demo mode: shops and orders come from the built-in fake Doudian platform, not the real Doudian.',
  },
};

export default enUS;
