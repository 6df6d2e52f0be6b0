import type zhCN from './zh-CN';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** en-US texts of the bell (namespace `notifications`). */
const enUS: Texts<typeof zhCN> = {
  title: 'Notifications',
  empty: 'No notifications',
  readAll: 'Mark all read',
  kinds: {
    intercepted: 'Order {{order}} intercepted: {{reason}}',
    result_ready: 'Results of order {{order}} are ready',
    balance_low: 'Low balance: {{balance}} left, please top up',
    overdue: 'Order {{order}} passed its ship deadline ({{deadline}}) without being shipped',
    deadline_soon: 'Order {{order}} must ship by {{deadline}} (less than {{hours}} hours left)',
    auth_approved: 'Your testing information was approved: you can create testing orders now',
    auth_rejected: 'Your testing information was rejected: {{reason}}. Please correct it and submit again',
    return_address_missing: 'Order {{order}} was intercepted but you have no return address: enter one under Testing info so the centre can send the goods back',
    sync_failed: 'The shipment of order {{order}} could not be reported to Doudian: {{reason}}',
    shop_reauth: 'The Doudian authorisation of shop "{{shop}}" is no longer valid: authorise it again (shipment reports wait and resume afterwards)',
    refund_in_transit: 'The buyer of order {{order}} asked for a refund while the parcel is on its way to the centre ({{reason}}): {{what}}',
    aftersale_closed: 'The after-sale of order {{order}} was closed ({{reason}}); ask the centre to release an interception if needed',
  },
  inTransit: {
    after_sales_first: 'after-sales first: it will be intercepted at the intake scan and put on the return shelf',
    shipping_first: 'shipping first: it will be inspected and shipped as usual',
  },
  centre: {
    overdue: '{{n}} order(s) past the ship deadline, please ship them',
    intercepted: 'Order {{order}} intercepted ({{reason}}): ask the merchant to collect the goods: {{merchant}} {{contact}} {{mobile}}',
    request: 'Merchant {{merchant}} asks to intercept order {{order}}: {{reason}}; please confirm',
    refund: 'The buyer of order {{order}} applied for after-sales on Doudian ({{merchant}} ships first: ship as usual)',
    nearest: 'Nearest ship deadline: order {{order}} at {{time}}',
  },
  todos: {
    authorisations: '{{count}} merchant authorisation(s) awaiting review',
    centre_applications: '{{count}} service-centre application(s) awaiting review',
  },
};
export default enUS;
