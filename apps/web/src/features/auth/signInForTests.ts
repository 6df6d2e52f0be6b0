import type { PortalType } from '../../lib/storage';
import { safeRedirect } from '../../session/loginPaths';
import type { SignIn } from '../../session/signIn';
import { useUserStore } from '../../session/user';

const PORTAL_HOME: Record<PortalType, string> = {
  trader: '/trader/order/list',
  manage: '/manage/order/list',
  qualityInspection: '/warehousing/qualityInspection',
  base: '/base/order/list',
};

/**
 * The auth forms' tests sign in through this stand-in for the app's SignIn (app/session.ts, tested
 * in app/session.test.ts): it keeps the session in the user store and continues to the checked
 * redirect, else the portal's home.
 */
export const signInForTests: SignIn = (data, portal, redirect) => {
  const target = safeRedirect(redirect, PORTAL_HOME[portal]);
  useUserStore.getState().applySession(data, portal, target);
  return target;
};
