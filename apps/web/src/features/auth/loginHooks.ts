import { useCallback } from 'react';
import { useWrite } from '../../lib/useWrite';
import { useNavigate, useSearchParams } from 'react-router';
import type { SessionData } from '@gemqc/contract';
import type { LoginValues } from './api';
import { useSignIn } from '../../session/signIn';
import type { PortalType } from '../../lib/storage';

/** Loads the login rules and calls (contract + zod) on demand. */
export const loadLoginRules = () => import('./loginRules');

export function useLogin(portal: PortalType) {
  return useWrite({ mutationFn: async (v: LoginValues) => (await loadLoginRules()).loginRequest(portal, v) });
}

/** SMS code for login (and registration): the body carries only the (trimmed) mobile. */
export function useSendSms() {
  return useWrite({ mutationFn: async (mobile: string) => (await loadLoginRules()).sendSmsRequest(mobile) });
}

/**
 * What a sign-in that answered session data does next (a password or SMS login, a merchant's
 * registration): the app keeps the session and says where to go (the login page's checked redirect,
 * else the account's landing page); load the option lists; go there.
 */
export function useLoginSuccess(portal: PortalType): (data: SessionData) => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useSignIn();
  return useCallback(
    (data: SessionData) => {
      const target = signIn(data, portal, params.get('redirect'));
      void loadLoginRules().then(({ loadSelectOptions }) => loadSelectOptions(portal));
      navigate(target, { replace: true });
    },
    [navigate, params, portal, signIn],
  );
}
