import { getToken, getUserType } from '../lib/storage';

/**
 * A second, tiny entry the HTML loads before the app's (build/startShell.ts puts it there): for a
 * signed-in browser it starts the shell's chunks (layout, antd, the first page's table) at once,
 * while the app's entry and its own chunks are still on their way — left to the entry, the shell
 * is asked for only once all of those have loaded and run. The app imports the same module later
 * (one module per URL in the browser). Its failure is left to the app, which retries and explains.
 */
if (getToken() && getUserType()) void import('../layout/Layout').catch(() => undefined);
