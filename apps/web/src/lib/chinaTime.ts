/** China time lives once, in the contract (dayjs' utc + timezone plugins); the web reads it here. */
export { chinaNow } from '@gemqc/contract';
