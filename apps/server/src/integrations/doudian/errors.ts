/**
 * Typed failures of the Doudian open platform. The platform answers `{code, msg, sub_code,
 * sub_msg, data, log_id}` (older gateways also `err_no`/`message`); `code` 10000 is success.
 * Messages never contain tokens, secrets or request URLs.
 */
export type DoudianErrorKind =
  | 'access_token_expired' // the access token is past its lifetime: refresh and retry
  | 'access_token_invalid' // unknown or revoked access token: refresh may still work
  | 'grant_invalid' // authorisation code or refresh token unknown, used or expired: authorise again
  | 'sign_invalid'
  | 'app_key_invalid'
  | 'rate_limited'
  | 'bad_request'
  | 'platform' // any other business or service failure of the platform
  | 'timeout'
  | 'network'
  | 'bad_response';

export class DoudianError extends Error {
  constructor(
    readonly kind: DoudianErrorKind,
    message: string,
    readonly detail: { method?: string; code?: number; subCode?: string; logId?: string } = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class DoudianAccessTokenExpiredError extends DoudianError {}
export class DoudianAccessTokenInvalidError extends DoudianError {}
export class DoudianGrantInvalidError extends DoudianError {}
export class DoudianSignatureError extends DoudianError {}
export class DoudianAppKeyError extends DoudianError {}
export class DoudianRateLimitError extends DoudianError {}
export class DoudianTimeoutError extends DoudianError {}
export class DoudianNetworkError extends DoudianError {}

/**
 * Public error codes of the platform (公共错误码) and the sub codes that tell them apart. The
 * fake platform answers with exactly these; the mapping prefers `sub_code` and falls back to `code`.
 */
export const DoudianCodes = {
  SUCCESS: 10000,
  SERVICE_UNAVAILABLE: 20000,
  ACCESS_TOKEN_INVALID: 30001,
  ACCESS_TOKEN_EXPIRED: 30002,
  MISSING_PARAM: 40001,
  INVALID_PARAM: 40002,
  BUSINESS_FAILED: 40003,
  SIGN_INVALID: 40004,
  APP_KEY_INVALID: 40005,
  RATE_LIMITED: 50002,
} as const;

export const DoudianSubCodes = {
  accessTokenExpired: 'isv.access-token-expired',
  accessTokenInvalid: 'isv.access-token-no-existed',
  codeInvalid: 'isv.code-invalid',
  refreshTokenInvalid: 'isv.refresh-token-invalid',
  signInvalid: 'isv.signature-invalid',
  appKeyInvalid: 'isv.app-key-invalid',
  paramInvalid: 'isv.parameter-invalid',
  rateLimited: 'isp.app-call-limited',
} as const;

export function errorFromResponse(method: string, code: number, subCode: string, msg: string, logId: string | undefined): DoudianError {
  const detail = { method, code, subCode, logId };
  const text = `抖店接口 ${method} 调用失败：${msg || '未知错误'}（${code}${subCode ? ` ${subCode}` : ''}）`;
  if (subCode === DoudianSubCodes.accessTokenExpired || code === DoudianCodes.ACCESS_TOKEN_EXPIRED)
    return new DoudianAccessTokenExpiredError('access_token_expired', text, detail);
  if (subCode === DoudianSubCodes.codeInvalid || subCode === DoudianSubCodes.refreshTokenInvalid)
    return new DoudianGrantInvalidError('grant_invalid', text, detail);
  if (subCode === DoudianSubCodes.accessTokenInvalid || code === DoudianCodes.ACCESS_TOKEN_INVALID)
    return new DoudianAccessTokenInvalidError('access_token_invalid', text, detail);
  if (subCode === DoudianSubCodes.signInvalid || code === DoudianCodes.SIGN_INVALID) return new DoudianSignatureError('sign_invalid', text, detail);
  if (subCode === DoudianSubCodes.appKeyInvalid || code === DoudianCodes.APP_KEY_INVALID) return new DoudianAppKeyError('app_key_invalid', text, detail);
  if (subCode === DoudianSubCodes.rateLimited || code === DoudianCodes.RATE_LIMITED) return new DoudianRateLimitError('rate_limited', text, detail);
  if (code === DoudianCodes.MISSING_PARAM || code === DoudianCodes.INVALID_PARAM) return new DoudianError('bad_request', text, detail);
  return new DoudianError('platform', text, detail);
}
