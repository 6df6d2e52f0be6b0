import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { CHINA_TIME_ZONE } from '@gemqc/contract';

/**
 * China time lives once, in the contract (dayjs' utc + timezone plugins); the web reads it here.
 * Every time on screen, in an export or on a print is China's (`inChina(t).format(...)`), whatever
 * the browser's zone: a lint rule refuses `dayjs(t).format(...)`, which would show the browser's.
 *
 * Every date and time picker starts from China's clock too: antd's pickers take "now" (the panel
 * opened empty, 此刻, 今天) from dayjs' default zone when the timezone plugin is there, so it is set
 * here once for the whole app (a browser abroad, or a PC with a wrong zone, still proposes China's
 * date and time).
 */
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.tz.setDefault(CHINA_TIME_ZONE);

export { chinaDateTime, chinaNow, inChina } from '@gemqc/contract';
