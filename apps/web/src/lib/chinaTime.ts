import dayjs, { type Dayjs } from 'dayjs';

/**
 * Now on China's wall clock (UTC+8, no daylight saving) as a dayjs: the business counts days in
 * China (reports, statements, order dates), so "today" is China's today whatever zone the browser
 * is in (a browser in UTC is still on yesterday until 08:00 China time).
 */
export function chinaNow(now: number = Date.now()): Dayjs {
  return dayjs(now + (new Date(now).getTimezoneOffset() + 480) * 60_000);
}
