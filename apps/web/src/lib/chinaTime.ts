/**
 * China time lives once, in the contract (dayjs' utc + timezone plugins); the web reads it here.
 * Every time on screen, in an export or on a print is China's (`inChina(t).format(...)`), whatever
 * the browser's zone: a lint rule refuses `dayjs(t).format(...)`, which would show the browser's.
 */
export { chinaDateTime, chinaNow, inChina } from '@gemqc/contract';
