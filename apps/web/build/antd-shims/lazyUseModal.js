/** antd's Modal.useModal for the App component, loaded when a confirm/info dialog is first opened. */
import { lazyHook } from './lazyHook.js';

export default lazyHook(() => import('antd/es/modal/useModal').then((m) => m.default), ['info', 'success', 'error', 'warning', 'confirm']);
