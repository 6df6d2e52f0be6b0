import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { insertOutbox } from './sms.repo';

export interface SmsMessage {
  mobile: string;
  /** login | testing_auth */
  purpose: string;
  code: string;
  now: Date;
}

/** Delivers verification codes. Throws when the message could not be handed over. */
export interface SmsProvider {
  readonly name: string;
  sendCode(msg: SmsMessage): Promise<void>;
}

export function smsText(code: string): string {
  return `【GemQC】您的验证码为${code}，5分钟内有效，请勿泄露给他人。`;
}

/**
 * The default provider: writes the code to the server log and to `sms_outbox`, so a person running
 * the demo (or a test) can read it. The outbox is never exposed over the public API.
 */
export class ConsoleSmsProvider implements SmsProvider {
  readonly name = 'console';
  constructor(
    private readonly db: Db,
    private readonly log?: Pick<FastifyBaseLogger, 'info'>,
  ) {}

  async sendCode(msg: SmsMessage): Promise<void> {
    await insertOutbox(this.db, { ...msg, content: smsText(msg.code), provider: this.name, status: 'sent' });
    this.log?.info({ mobile: msg.mobile, purpose: msg.purpose, sms_code: msg.code }, `SMS code for ${msg.mobile}: ${msg.code}`);
  }
}

/** POP percent-encoding (RFC 3986 unreserved characters kept). */
export function popEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}

/** Signature v1 of an Aliyun RPC request: HMAC-SHA1 over METHOD&%2F&encode(sorted query). */
export function aliyunSignature(method: 'GET' | 'POST', params: Record<string, string>, accessKeySecret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${popEncode(k)}=${popEncode(params[k]!)}`)
    .join('&');
  const stringToSign = `${method}&${popEncode('/')}&${popEncode(canonical)}`;
  return crypto.createHmac('sha1', `${accessKeySecret}&`).update(stringToSign).digest('base64');
}

export class AliyunSmsError extends Error {}

/** Aliyun SMS (dysmsapi 2017-05-25 SendSms), signed with signature v1. */
export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';
  constructor(
    private readonly cfg: Config['sms']['aliyun'],
    private readonly db?: Db,
    private readonly timeoutMs = 5000,
  ) {}

  buildParams(msg: SmsMessage, nonce = crypto.randomUUID()): Record<string, string> {
    const params: Record<string, string> = {
      AccessKeyId: this.cfg.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: msg.mobile,
      RegionId: this.cfg.regionId,
      SignName: this.cfg.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: nonce,
      SignatureVersion: '1.0',
      TemplateCode: this.cfg.templateCode,
      TemplateParam: JSON.stringify({ code: msg.code }),
      Timestamp: msg.now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    params.Signature = aliyunSignature('GET', params, this.cfg.accessKeySecret);
    return params;
  }

  async sendCode(msg: SmsMessage): Promise<void> {
    const params = this.buildParams(msg);
    const query = Object.entries(params)
      .map(([k, v]) => `${popEncode(k)}=${popEncode(v)}`)
      .join('&');
    const url = this.cfg.endpoint.replace(/\/?$/, '/') + '?' + query;
    let status = 'sent';
    let error: string | null = null;
    try {
      const res = await fetch(url, { method: 'GET', signal: AbortSignal.timeout(this.timeoutMs) });
      const body = (await res.json().catch(() => ({}))) as { Code?: string; Message?: string };
      if (!res.ok || body.Code !== 'OK') throw new AliyunSmsError(`Aliyun SendSms failed: ${body.Code ?? res.status} ${body.Message ?? ''}`.trim());
    } catch (err) {
      status = 'failed';
      error = (err as Error).message;
      throw err instanceof AliyunSmsError ? err : new AliyunSmsError(`Aliyun SendSms unreachable: ${error}`);
    } finally {
      // keep a record of what was asked (the code is stored masked for a real provider)
      if (this.db) await insertOutbox(this.db, { ...msg, code: '******', content: smsText('******'), provider: this.name, status, error, now: msg.now }).catch(() => {});
    }
  }
}

export function createSmsProvider(config: Config, db: Db, log?: Pick<FastifyBaseLogger, 'info'>): SmsProvider {
  return config.sms.provider === 'aliyun' ? new AliyunSmsProvider(config.sms.aliyun, db) : new ConsoleSmsProvider(db, log);
}
