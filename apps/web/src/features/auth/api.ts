import { queryOptions, useQuery } from '@tanstack/react-query';
import { useWrite } from '../../lib/useWrite';
import { authApi, Codes, type BodyOf, type SessionData } from '@gemqc/contract';
import { callApi } from '../../lib/request';
import type { PortalType } from '../../lib/storage';

/** Values of a login form; `code` is the SMS code. */
export interface LoginValues {
  mode: 'password' | 'sms';
  mobile: string;
  password?: string;
  code?: string;
}

/** The login call of each portal (the mobile is trimmed on every login). */
export function loginRequest(portal: PortalType, v: LoginValues): Promise<SessionData> {
  const mobile = v.mobile.trim();
  if (portal === 'manage') return callApi(authApi.admin.login, { body: { mobile, verify_code: (v.code ?? '').trim() } });
  if (portal === 'qualityInspection') return callApi(authApi.warehouse.login, { body: { type: 1, mobile, password: v.password ?? '' } });
  let body: BodyOf<typeof authApi.merchant.login>;
  if (v.mode === 'sms') body = { type: 2, mobile, verify_code: (v.code ?? '').trim() };
  else body = { type: 1, mobile, password: v.password ?? '' };
  if (portal === 'trader') return callApi(authApi.merchant.login, { body });
  return callApi(authApi.center.login, { body });
}

/** SMS code for login: the body carries only the (trimmed) mobile. */
export function sendSmsRequest(mobile: string) {
  return callApi(authApi.smsSend, { body: { mobile: mobile.trim() } });
}

/** Values of the merchant registration form (`code` is the SMS code). */
export interface MerchantRegisterValues {
  name: string;
  mobile: string;
  code: string;
  password: string;
}

/** Values of the service-centre application form (`name` is the contact person). */
export interface CentreRegisterValues extends MerchantRegisterValues {
  centreName: string;
  centreAddress: string;
}

/** Merchant registration: signed in at once, answers the same session data as a login. */
export function registerMerchantRequest(v: MerchantRegisterValues): Promise<SessionData> {
  return callApi(authApi.merchant.register, {
    body: { mobile: v.mobile.trim(), verify_code: v.code.trim(), password: v.password, name: v.name.trim() },
  });
}

/** Service-centre application: the account stays disabled until a manager approves it. */
export function registerCentreRequest(v: CentreRegisterValues) {
  return callApi(authApi.center.register, {
    body: {
      mobile: v.mobile.trim(),
      verify_code: v.code.trim(),
      password: v.password,
      name: v.name.trim(),
      center_name: v.centreName.trim(),
      center_address: v.centreAddress.trim(),
    },
  });
}

export function useRegisterMerchant() {
  return useWrite({ mutationFn: registerMerchantRequest });
}

export function useRegisterCentre() {
  return useWrite({ mutationFn: registerCentreRequest });
}

export function logoutRequest(userType: PortalType | null): Promise<unknown> {
  const ep =
    userType === 'trader'
      ? authApi.merchant.logout
      : userType === 'qualityInspection'
        ? authApi.warehouse.logout
        : userType === 'manage'
          ? authApi.admin.logout
          : authApi.center.logout;
  return callApi(ep, { silent: true });
}

export function infoEndpoint(userType: PortalType | null) {
  return userType === 'trader'
    ? authApi.merchant.info
    : userType === 'qualityInspection'
      ? authApi.warehouse.info
      : userType === 'manage'
        ? authApi.admin.info
        : authApi.center.info;
}

export const userInfoKey = (userType: PortalType | null) => ['auth', 'info', userType] as const;

/** Who is signed in (refreshes the user store in the shell). */
/** Every refusal but 403 (which has its own re-login dialog). */
const INFO_REFUSALS = [Codes.FAIL, Codes.FORBIDDEN, Codes.NOT_FOUND, Codes.TOO_MANY, Codes.SERVER_ERROR];

/** The query of who is signed in: the shell's, and started early by the entry on a reload. */
export function userInfoQuery(userType: PortalType | null) {
  return queryOptions({
    queryKey: userInfoKey(userType),
    // a refusal is the layout's to show (with a toast that outlives it: it signs the user out)
    queryFn: ({ signal }) => callApi(infoEndpoint(userType), { signal, handles: INFO_REFUSALS }),
  });
}

export function useUserInfo(userType: PortalType | null, enabled = true) {
  return useQuery({ ...userInfoQuery(userType), enabled: enabled && !!userType });
}

