import { z } from 'zod';
import { endpoint } from './common';

export const selectOption = z.object({ label: z.string(), value: z.string() });
/** Option lists a portal's forms need (spec §6 "option-list loading call"). */
export const selectOptions = z.object({
  centers: z.array(selectOption),
  gem_categories: z.array(selectOption),
  order_statuses: z.array(selectOption),
});
export type SelectOptions = z.infer<typeof selectOptions>;

/** One loader per namespace; the warehouse's forms need none. */
export const optionsApi = {
  merchant: endpoint({ method: 'GET', path: '/merchant/v1/Common/options', summary: 'Select options for merchant forms', data: selectOptions }),
  center: endpoint({ method: 'GET', path: '/center/v1/Common/options', summary: 'Select options (default loader)', data: selectOptions }),
  admin: endpoint({ method: 'GET', path: '/admin/v1/Common/options', summary: 'Select options for manager forms', data: selectOptions }),
};
