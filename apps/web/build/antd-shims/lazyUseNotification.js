/** antd's notification hook for the App component, loaded when a notification is first shown. */
import { lazyHook } from './lazyHook.js';

export default lazyHook(() => import('antd/es/notification/useNotification').then((m) => m.default), ['open', 'success', 'error', 'info', 'warning', 'destroy']);
