/**
 * The toast and confirm functions the request layer and stores use. The shell registers antd's
 * context-aware App instance (setUi); before that (login pages do not load antd), antd's static
 * functions are loaded on demand so the login bundle stays small.
 */
export interface ToastApi {
  success(content: string, duration?: number): unknown;
  error(content: string, duration?: number): unknown;
  warning(content: string, duration?: number): unknown;
  info(content: string, duration?: number): unknown;
}
export interface ConfirmOptions {
  title: string;
  content: string;
  okText: string;
  cancelText: string;
  onOk?: () => unknown;
  onCancel?: () => unknown;
}
export interface UiApi {
  message: ToastApi;
  confirm(options: ConfirmOptions): void;
}

type Level = keyof ToastApi;

const lazyToast = (level: Level) => (content: string, duration?: number) => {
  void import('antd').then(({ message }) => message[level](content, duration));
};

const fallback: UiApi = {
  message: { success: lazyToast('success'), error: lazyToast('error'), warning: lazyToast('warning'), info: lazyToast('info') },
  confirm(options) {
    void import('antd').then(({ Modal }) => Modal.confirm({ ...options }));
  },
};

let current: UiApi | null = null;

export function setUi(api: UiApi | null): void {
  current = api;
}

export function ui(): UiApi {
  return current ?? fallback;
}

/** Toasts that must outlive the shell (shown while navigating to a login page). */
export function uiStatic(): UiApi {
  return fallback;
}
