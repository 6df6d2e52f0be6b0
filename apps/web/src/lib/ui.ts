/**
 * The toast and confirm functions the request layer and stores use. The shell registers antd's
 * context-aware App instance (setUi); before that (login pages do not load antd), antd's static
 * functions are loaded on demand so the login bundle stays small.
 */
import { createElement } from 'react';

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

/**
 * Button settings of every antd config in the app: no space inserted between two CJK characters
 * (spec texts 确定 / 取消 / 查询 are shown as written, not 确 定).
 */
export const ANTD_BUTTON_CONFIG = { autoInsertSpace: false } as const;

/**
 * Confirm dialogs open and close without antd's zoom/fade motion: on a busy machine a click on
 * 确定 / 取消 while the dialog was still zooming in could be lost (the box stayed open, or the action
 * did not run), seen in CI for the logout and re-login dialogs.
 */
export const CONFIRM_MOTION = { transitionName: '', maskTransitionName: '' } as const;

let staticAntd: Promise<typeof import('./antdStatic')> | null = null;

/**
 * antd for the static functions. Static message/Modal calls do not read any ConfigProvider
 * context; the global holderRender wraps what they render in one with the app's button settings.
 */
function loadStaticAntd(): Promise<typeof import('./antdStatic')> {
  staticAntd ??= import('./antdStatic').then((antd) => {
    antd.ConfigProvider.config({
      holderRender: (children) => createElement(antd.ConfigProvider, { button: ANTD_BUTTON_CONFIG }, children),
    });
    return antd;
  });
  return staticAntd;
}

const lazyToast = (level: Level) => (content: string, duration?: number) => {
  void loadStaticAntd().then(({ message }) => message[level](content, duration));
};

const fallback: UiApi = {
  message: { success: lazyToast('success'), error: lazyToast('error'), warning: lazyToast('warning'), info: lazyToast('info') },
  confirm(options) {
    void loadStaticAntd().then(({ Modal }) => Modal.confirm({ ...options, ...CONFIRM_MOTION }));
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
