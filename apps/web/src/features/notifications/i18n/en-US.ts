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
    overdue: 'Order {{order}} is past its ship deadline',
    deadline_soon: 'Order {{order}} reaches its ship deadline within 6 hours',
  },
  todos: {
    authorisations: '{{count}} merchant authorisation(s) awaiting review',
    centre_applications: '{{count}} service-centre application(s) awaiting review',
  },
};
export default enUS;
