import { useMutation } from '@tanstack/react-query';
import type { LoginValues } from './api';
import type { PortalType } from '../../lib/storage';

/** Loads the login rules and calls (contract + zod) on demand. */
export const loadLoginRules = () => import('./loginRules');

export function useLogin(portal: PortalType) {
  return useMutation({ mutationFn: async (v: LoginValues) => (await loadLoginRules()).loginRequest(portal, v) });
}

/** SMS code for login: the body carries only the (trimmed) mobile. */
export function useSendSms() {
  return useMutation({ mutationFn: async (mobile: string) => (await loadLoginRules()).sendSmsRequest(mobile) });
}
