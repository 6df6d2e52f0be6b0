import { Codes } from '@gemqc/contract';

/**
 * An error that becomes an envelope answer `{code, msg, data}`. Throw the subclasses below from a
 * service or a route; the app's error handler turns them into the answer. `msg` is a sentence a
 * person understands (zh-CN); `key` is an optional English translation key.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus = 200,
    readonly key?: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 1001: validation, wrong password, illegal transition, no balance… (HTTP 200). */
export class BusinessError extends AppError {
  constructor(message: string, key?: string, data: unknown = null) {
    super(Codes.FAIL, message, 200, key, data);
  }
}

/** 1004: not found — also for another tenant's records (never their data). */
export class NotFoundError extends AppError {
  constructor(message = '记录不存在或已被删除', key = 'common.not_found') {
    super(Codes.NOT_FOUND, message, 200, key);
  }
}

/** 1003: signed in but not permitted. */
export class ForbiddenError extends AppError {
  constructor(message = '没有权限执行此操作，请联系账号管理员', key = 'common.forbidden') {
    super(Codes.FORBIDDEN, message, 200, key);
  }
}

/** 403: not signed in, token expired or revoked, token of another portal. */
export class UnauthenticatedError extends AppError {
  constructor(message = '登录已失效，请重新登录', key = 'auth.unauthenticated') {
    super(Codes.UNAUTHENTICATED, message, 200, key);
  }
}

/** 1029 (HTTP 429): too many requests; `retryAfter` seconds go into the Retry-After header. */
export class TooManyError extends AppError {
  constructor(
    message = '操作过于频繁，请稍后再试',
    readonly retryAfter?: number,
    key = 'common.too_many',
  ) {
    super(Codes.TOO_MANY, message, 429, key);
  }
}

/** 1500 with an HTTP status (e.g. 503 when the database does not answer). */
export class ServerError extends AppError {
  constructor(message = '服务器内部错误，请稍后重试', httpStatus = 500, key = 'common.server_error') {
    super(Codes.SERVER_ERROR, message, httpStatus, key);
  }
}

/**
 * Whether a database error (or its cause, as drizzle wraps it) is a unique violation of this
 * constraint (23505); a driver that does not name the constraint counts as a match.
 */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const o = e as { code?: string; constraint?: string; cause?: unknown };
    if (o.code === '23505' && (!o.constraint || o.constraint === constraint)) return true;
    e = o.cause;
  }
  return false;
}
