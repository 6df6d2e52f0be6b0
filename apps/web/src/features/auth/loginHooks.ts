import { useCallback } from 'react';
import { useWrite } from '../../lib/useWrite';
import { useNavigate, useSearchParams } from 'react-router';
import type { SessionData } from '@gemqc/contract';
import type { LoginValues } from './api';
import { completeLogin, landingAfterLogin } from '../../app/session';
import { safeRedirect } from '../../app/guard';
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
 * registration): store the session, load the option lists, go to the login page's checked
 * redirect or else the portal's home.
 */
export function useLoginSuccess(portal: PortalType): (data: SessionData) => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return useCallback(
    (data: SessionData) => {
      const target = safeRedirect(params.get('redirect'), landingAfterLogin(data, portal));
      // the target goes with the session: the guard sees this page with a token first
      completeLogin(data, portal, target);
      void loadLoginRules().then(({ loadSelectOptions }) => loadSelectOptions(portal));
      navigate(target, { replace: true });
    },
    [navigate, params, portal],
  );
}
