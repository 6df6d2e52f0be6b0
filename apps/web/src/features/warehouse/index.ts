/** What other features may use from the warehouse feature: its page paths (links to an order). */
export { WAREHOUSE_PATHS } from './paths';
