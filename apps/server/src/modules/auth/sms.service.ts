import crypto from 'node:crypto';
import { chinaDay } from '@gemqc/contract';
import type { AppDeps } from '../../platform/deps';
import { hmacSha256, safeEqual } from '../../platform/crypto';
import { BusinessError, TooManyError } from '../../platform/errors';
import * as repo from './sms.repo';
import { findAccountByMobile } from '../accounts/service';

export const SMS_CODE_TTL_SECONDS = 300;
export const SMS_RESEND_SECONDS = 60;
export const SMS_MAX_ATTEMPTS = 5;

export type SmsPurpose = 'login' | 'testing_auth';

/** Whether the mobile signs in to the manager portal (an enabled manager account). */
async function isManagerMobile(db: AppDeps['db'], mobile: string): Promise<boolean> {
  const a = await findAccountByMobile(db, 'manage', mobile);
  return !!a && a.status === 1;
}


function codeHash(secret: string, mobile: string, purpose: string, code: string): string {
  return hmacSha256(secret, `sms:${mobile}:${purpose}:${code}`);
}

/** One limit a code request passes before it is sent (fixed window). */
interface SmsLimit {
  key: string;
  limit: number;
  seconds: number;
  refusal: (retryAfterSeconds: number) => TooManyError;
}

/**
 * Sends a 6-digit code valid 5 minutes. Limits, checked in this order (1029 beyond each):
 * - one per 60 s per mobile and purpose — refused before any other counter, so a refused resend
 *   ("too soon") counts nowhere;
 * - `RATE_SMS_PER_HOUR_PER_IP` an hour per client address and purpose (sign-in and registration
 *   share `login`; 检测信息 is `testing_auth`), except a manager's sign-in code: the manager signs
 *   in by SMS only (the specification's 管理端登录), so an office behind one NAT address must
 *   not lock it out — its code is limited per mobile only;
 * - `RATE_SMS_PER_HOUR_PER_MOBILE` an hour and `SMS_DAILY_LIMIT` a day per mobile.
 * A limit that refuses leaves the later ones uncounted and frees the resend window. A new code
 * voids the older unused ones.
 */
export async function sendSmsCode(
  deps: Pick<AppDeps, 'db' | 'sms' | 'limiter' | 'config'>,
  args: { mobile: string; purpose: SmsPurpose; ip: string; now: Date },
): Promise<{ resend_after: number }> {
  const { db, limiter, config } = deps;
  const { mobile, purpose, now } = args;
  const resendKey = `sms:resend:${purpose}:${mobile}`;
  const resend = await limiter.hit(resendKey, 1, SMS_RESEND_SECONDS, now);
  if (!resend.allowed) throw new TooManyError(`验证码已发送，请${resend.retryAfterSeconds}秒后再试`, resend.retryAfterSeconds, 'sms.resend_too_soon');
  const manager = purpose === 'login' && (await isManagerMobile(db, mobile));
  const limits: SmsLimit[] = [
    ...(manager
      ? []
      : [{ key: `sms:ip:${purpose}:${args.ip}`, limit: config.sms.perIpPerHour, seconds: 3600, refusal: (s: number) => new TooManyError('验证码请求过于频繁，请稍后再试', s, 'sms.too_many_ip') }]),
    {
      key: `sms:hour:${purpose}:${mobile}`,
      limit: config.sms.perMobilePerHour,
      seconds: 3600,
      refusal: (s) => new TooManyError(`该手机号获取验证码过于频繁，请${Math.ceil(s / 60)}分钟后再试`, s, 'sms.too_many_mobile'),
    },
    { key: `sms:day:${mobile}:${chinaDay(now)}`, limit: config.sms.dailyLimit, seconds: 86_400, refusal: (s) => new TooManyError('该手机号今日获取验证码次数已达上限，请明天再试', s, 'sms.daily_limit') },
  ];
  for (const l of limits) {
    const hit = await limiter.hit(l.key, l.limit, l.seconds, now);
    if (!hit.allowed) {
      await limiter.reset(resendKey);
      throw l.refusal(hit.retryAfterSeconds);
    }
  }

  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const id = await db.transaction(async (tx) => {
    await repo.voidOpenCodes(tx, mobile, purpose, now);
    return repo.insertCode(tx, {
      mobile,
      purpose,
      codeHash: codeHash(config.secretKey, mobile, purpose, code),
      now,
      expiresAt: new Date(now.getTime() + SMS_CODE_TTL_SECONDS * 1000),
    });
  });
  try {
    await deps.sms.sendCode({ mobile, purpose, code, now });
  } catch {
    await repo.deleteCode(db, id);
    await limiter.reset(resendKey);
    throw new BusinessError('短信发送失败，请稍后重试', 'sms.send_failed');
  }
  return { resend_after: SMS_RESEND_SECONDS };
}

/**
 * Checks a code: single use, expires after 5 minutes, void after 5 wrong tries. Throws 1001 with
 * a message the person can act on; answers when the code was right (and is now used).
 */
export async function verifySmsCode(
  deps: Pick<AppDeps, 'db' | 'config'>,
  args: { mobile: string; purpose: SmsPurpose; code: string; now: Date },
): Promise<void> {
  const { db, config } = deps;
  const row = await repo.latestOpenCode(db, args.mobile, args.purpose);
  if (!row || row.expiresAt.getTime() <= args.now.getTime()) {
    throw new BusinessError('验证码已失效，请重新获取', 'sms.expired');
  }
  if (row.attempts >= SMS_MAX_ATTEMPTS) throw new BusinessError('验证码错误次数过多，请重新获取', 'sms.too_many_attempts');
  if (!safeEqual(row.codeHash, codeHash(config.secretKey, args.mobile, args.purpose, args.code))) {
    const attempts = await repo.addAttempt(db, row.id);
    if (attempts >= SMS_MAX_ATTEMPTS) throw new BusinessError('验证码错误次数过多，请重新获取', 'sms.too_many_attempts');
    throw new BusinessError(`验证码错误，还可尝试${SMS_MAX_ATTEMPTS - attempts}次`, 'sms.wrong_code');
  }
  if (!(await repo.consumeCode(db, row.id, SMS_MAX_ATTEMPTS, args.now))) {
    throw new BusinessError('验证码已失效，请重新获取', 'sms.expired');
  }
}
