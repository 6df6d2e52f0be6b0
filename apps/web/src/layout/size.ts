import type { NavigateFunction } from 'react-router';
import { useAppStore, type Size } from '../app/stores/app';
import type { ToastApi } from '../lib/ui';

export const SIZE_OPTIONS: { value: Size; label: string }[] = [
  { value: 'default', label: 'size.default' },
  { value: 'medium', label: 'size.medium' },
  { value: 'small', label: 'size.small' },
  { value: 'mini', label: 'size.mini' },
];

/** antd componentSize for the admin-shell sizes. */
export function antdSize(size: Size): 'large' | 'middle' | 'small' {
  switch (size) {
    case 'default':
      return 'large';
    case 'medium':
      return 'middle';
    default:
      return 'small';
  }
}

/** Saves the size (cookie `size`), says 'Switch Size Success' and reloads the view via /redirect. */
export function switchSize(
  size: Size,
  deps: { message: ToastApi; navigate: NavigateFunction; pathname: string; search: string; successText: string },
): void {
  useAppStore.getState().setSize(size);
  deps.message.success(deps.successText);
  deps.navigate(`/redirect${deps.pathname}${deps.search}`, { replace: true });
}
