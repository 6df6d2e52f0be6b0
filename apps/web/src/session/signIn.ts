import { createContext, useContext } from 'react';
import type { SessionData } from '@gemqc/contract';
import type { PortalType } from '../lib/storage';

/**
 * Keeps the session a sign-in answered (a login, a merchant's registration) and returns where it
 * continues: the login page's `redirect` when that is a safe in-app path, else the account's landing
 * page. The app provides it (app/session.ts: it knows each portal's pages and which of them a
 * sub-account may open); the login and registration forms call it.
 */
export type SignIn = (data: SessionData, portal: PortalType, redirect: string | null) => string;

export const SignInContext = createContext<SignIn | null>(null);

export function useSignIn(): SignIn {
  const signIn = useContext(SignInContext);
  if (!signIn) throw new Error('No SignInContext: the app provides it around its routes (app/AppRoutes.tsx).');
  return signIn;
}
