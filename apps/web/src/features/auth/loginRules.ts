/**
 * The login page's contract-dependent part (zod rules and the login calls), loaded on the first
 * interaction so the login page itself stays small.
 */
import { mobile, passwordLogin, smsCode } from '@gemqc/contract';
import { fieldError } from './validation';

export type LoginField = 'mobile' | 'password' | 'code';

export const loginRules = { mobile, password: passwordLogin.shape.password, code: smsCode };

/** The zod message for one login field, or null. */
export function checkLoginField(field: LoginField, value: string): string | null {
  return fieldError(loginRules[field], value);
}

export { loginRequest, sendSmsRequest } from './api';
export { loadSelectOptions } from '../options';
