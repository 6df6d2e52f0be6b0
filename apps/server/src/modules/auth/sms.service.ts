import crypto from 'node:crypto';
import { chinaDay } from '@gemqc/contract';
import type { AppDeps } from '../../platform/deps';
import { hmacSha256, safeEqual } from '../../platform/crypto';
import { BusinessError, TooManyError } from '../../platform/errors';
import * as repo from './sms.repo';

export const SMS_CODE_TTL_SECONDS = 300;
export const SMS_RESEND_SECONDS = 60;
export const SMS_MAX_ATTEMPTS = 5;

export type SmsPurpose = 'login' | 'testing_auth';


function codeHash(secret: string, mobile: string, purpose: string, code: string): string {
  return hmacSha256(secret, `sms:${mobile}:${purpose}:${code}`);
}

/**
 * Sends a 6-digit code valid 5 minutes: at most one per 60 s per mobile+purpose, `SMS_DAILY_LIMIT`
 * a day per mobile, `RATE_SMS_PER_HOUR_PER_IP` an hour per client address (1029 beyond).
 * A new code voids the older unused ones.
 */
export async function sendSmsCode(
  deps: Pick<AppDeps, 'db' | 'sms' | 'limiter' | 'config'>,
  args: { mobile: string; purpose: SmsPurpose; ip: string; now: Date },
): Promise<{ resend_after: number }> {
  const { db, limiter, config } = deps;
  const { mobile, purpose, now } = args;
  const ip = await limiter.hit(`sms:ip:${args.ip}`, config.sms.perIpPerHour, 3600, now);
  if (!ip.allowed) throw new TooManyError('验证码请求过于频繁，请稍后再试', ip.retryAfterSeconds, 'sms.too_many_ip');
  const resendKey = `sms:resend:${purpose}:${mobile}`;
  const resend = await limiter.hit(resendKey, 1, SMS_RESEND_SECONDS, now);
  if (!resend.allowed) throw new TooManyError(`验证码已发送，请${resend.retryAfterSeconds}秒后再试`, resend.retryAfterSeconds, 'sms.resend_too_soon');
  const day = await limiter.hit(`sms:day:${mobile}:${chinaDay(now)}`, config.sms.dailyLimit, 86_400, now);
  if (!day.allowed) throw new TooManyError('该手机号今日获取验证码次数已达上限，请明天再试', day.retryAfterSeconds, 'sms.daily_limit');

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
