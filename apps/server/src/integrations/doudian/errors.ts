/**
 * Typed failures of the Doudian open platform. The platform answers `{code, msg, sub_code,
 * sub_msg, data, log_id}` (older gateways also `err_no`/`message`); `code` 10000 is success.
 * Messages never contain tokens, secrets or request URLs.
 *
 * The public error codes (公共错误码) as the platform documents them and the open-source SDKs list
 * them: 10000 success, 20000 服务不可用 (the platform's side failed: try again), 30001/30002 the
 * access token is unknown / expired, 40002 缺少必选参数, 40004 非法的参数 (signature and app key
 * failures are told apart by `sub_code`), 50002 业务处理失败 (the call was understood and refused
 * for a business reason named by `sub_code`/`sub_msg`, e.g. 60110 订单已发货 — never retried).
 */
export type DoudianErrorKind =
  | 'access_token_expired' // the access token is past its lifetime: refresh and retry
  | 'access_token_invalid' // unknown or revoked access token: refresh may still work
  | 'grant_invalid' // authorisation code or refresh token unknown, used or expired: authorise again
  | 'sign_invalid'
  | 'app_key_invalid'
  | 'rate_limited' // the platform throttled the app (or HTTP 429): try again later
  | 'unavailable' // 20000 or HTTP 5xx: the platform failed, try again
  | 'bad_request' // 40002 / 40004: our request is wrong, retrying cannot help
  | 'business' // 50002: refused for a business reason (order shipped, refunded, …)
  | 'platform' // any other code
  | 'timeout'
  | 'network'
  | 'bad_response'; // not JSON, or not the documented shape

export class DoudianError extends Error {
  constructor(
    readonly kind: DoudianErrorKind,
    message: string,
    readonly detail: { method?: string; code?: number; subCode?: string; subMsg?: string; logId?: string } = {},
  ) {
    super(message);
    this.name = new.target.name;
  }

  /** Worth trying again later: the platform or the way to it failed, not our request or the order. */
  get retryable(): boolean {
    return retryableKinds.has(this.kind);
  }
}

const retryableKinds = new Set<DoudianErrorKind>(['rate_limited', 'unavailable', 'timeout', 'network', 'bad_response']);

export class DoudianAccessTokenExpiredError extends DoudianError {}
export class DoudianAccessTokenInvalidError extends DoudianError {}
export class DoudianGrantInvalidError extends DoudianError {}
export class DoudianSignatureError extends DoudianError {}
export class DoudianAppKeyError extends DoudianError {}
export class DoudianRateLimitError extends DoudianError {}
export class DoudianTimeoutError extends DoudianError {}
export class DoudianNetworkError extends DoudianError {}
/** 50002 with sub code 60110: the order is already shipped on the platform. */
export class DoudianOrderShippedError extends DoudianError {}

/** Public error codes of the platform (公共错误码). The fake platform answers with exactly these. */
export const DoudianCodes = {
  SUCCESS: 10000,
  SERVICE_UNAVAILABLE: 20000,
  ACCESS_TOKEN_INVALID: 30001,
  ACCESS_TOKEN_EXPIRED: 30002,
  MISSING_PARAM: 40002,
  INVALID_PARAM: 40004,
  BUSINESS_FAILED: 50002,
} as const;

/** Sub codes that tell the failures of one code apart; the mapping prefers them to `code`. */
export const DoudianSubCodes = {
  accessTokenExpired: 'isv.access-token-expired',
  accessTokenInvalid: 'isv.access-token-no-existed',
  codeInvalid: 'isv.code-invalid',
  refreshTokenInvalid: 'isv.refresh-token-invalid',
  signInvalid: 'isv.signature-invalid',
  appKeyInvalid: 'isv.app-key-invalid',
  paramInvalid: 'isv.parameter-invalid',
  missingParam: 'isv.missing-parameter',
  rateLimited: 'isp.app-call-limited',
  serviceError: 'isp.service-error',
  /** 业务处理失败 sub codes (50002). */
  orderShipped: '60110',
  orderRefunded: 'isv.business-failed:order-refunded',
} as const;

/** The platform's sub code without its `isv.business-failed:` prefix (both spellings occur). */
function businessSubCode(subCode: string): string {
  return subCode.replace(/^isv\.business-failed:/, '');
}

export function errorFromResponse(method: string, code: number, subCode: string, msg: string, logId: string | undefined, subMsg = ''): DoudianError {
  const detail = { method, code, subCode, subMsg: subMsg || msg, logId };
  const text = `抖店接口 ${method} 调用失败：${subMsg || msg || '未知错误'}（${code}${subCode ? ` ${subCode}` : ''}）`;
  if (subCode === DoudianSubCodes.accessTokenExpired || code === DoudianCodes.ACCESS_TOKEN_EXPIRED)
    return new DoudianAccessTokenExpiredError('access_token_expired', text, detail);
  if (subCode === DoudianSubCodes.codeInvalid || subCode === DoudianSubCodes.refreshTokenInvalid)
    return new DoudianGrantInvalidError('grant_invalid', text, detail);
  if (subCode === DoudianSubCodes.accessTokenInvalid || code === DoudianCodes.ACCESS_TOKEN_INVALID)
    return new DoudianAccessTokenInvalidError('access_token_invalid', text, detail);
  if (subCode === DoudianSubCodes.signInvalid) return new DoudianSignatureError('sign_invalid', text, detail);
  if (subCode === DoudianSubCodes.appKeyInvalid) return new DoudianAppKeyError('app_key_invalid', text, detail);
  if (subCode === DoudianSubCodes.rateLimited || /limit/i.test(subCode)) return new DoudianRateLimitError('rate_limited', text, detail);
  if (code === DoudianCodes.SERVICE_UNAVAILABLE) return new DoudianError('unavailable', text, detail);
  if (code === DoudianCodes.MISSING_PARAM || code === DoudianCodes.INVALID_PARAM) return new DoudianError('bad_request', text, detail);
  if (code === DoudianCodes.BUSINESS_FAILED) {
    if (businessSubCode(subCode) === DoudianSubCodes.orderShipped) return new DoudianOrderShippedError('business', text, detail);
    return new DoudianError('business', text, detail);
  }
  return new DoudianError('platform', text, detail);
}

/** An HTTP status that is not 200 without a platform answer: 429 throttled, 5xx unavailable. */
export function errorFromHttpStatus(method: string, status: number): DoudianError {
  if (status === 429) return new DoudianRateLimitError('rate_limited', `抖店接口 ${method} 调用过于频繁（HTTP 429）`, { method });
  if (status >= 500) return new DoudianError('unavailable', `抖店开放平台暂时不可用（${method}，HTTP ${status}）`, { method });
  return new DoudianError('bad_response', `抖店接口 ${method} 返回了 HTTP ${status}`, { method });
}
