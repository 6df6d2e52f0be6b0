import http from 'node:http';
import https from 'node:https';
import { imageSize } from 'image-size';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { TEMPLATE_IMAGE_MAX_BYTES } from '@gemqc/contract';
import type { FileStorage } from '../../platform/storage';
import { sniffImage } from '../photos/keys';
import { newTemplateImageKey, parseTemplateImageKey, templateImageUrl } from './images';

/**
 * Pictures a template names on another host (a kr import's background, an image item's link) are
 * fetched by the server when the template is saved and stored with it (template-images/… in the
 * app's file storage, as an upload would be); the template then names the stored copy, so every
 * print path — canvas, browser print, PDF, C-Lodop — draws only stored pictures. A picture that
 * cannot be fetched leaves the template saved with a warning naming it.
 *
 * Guarded like any server-side fetch of a user's link: http(s) only, no loopback, private,
 * link-local or metadata address (checked on the address actually connected to, redirects
 * included — request-filtering-agent), one deadline for the whole download, PNG/JPEG by their
 * first bytes, at most TEMPLATE_IMAGE_MAX_BYTES, and at most `maxPixels` (and 10000 a side) as the
 * picture's header says, before anything would decode it.
 */

export interface RemoteImageSettings {
  fetchTimeoutMs: number;
  maxPixels: number;
  /** Tests with a local image server only. */
  allowPrivateAddresses: boolean;
}

export interface RemoteImageContext {
  storage: FileStorage;
  settings: RemoteImageSettings;
  centreId: number;
  /** The app's origin (http://host:port) as the browser sees it: stored pictures are named under it. */
  origin: string;
}

const MAX_SIDE = 10_000;
const MAX_REDIRECTS = 3;
/** Distinct pictures fetched in one save; more than this is not a label template. */
const MAX_IMAGES = 20;

/** Why a picture could not be stored: the end of a sentence a warehouse worker reads. */
export class RemoteImageError extends Error {}

const EXT_MIME = new Set(['image/png', 'image/jpeg']);

/** GET with the address guard; resolves with the response of the last redirect. */
function get(url: URL, settings: RemoteImageSettings, signal: AbortSignal, redirects = 0): Promise<http.IncomingMessage> {
  const guard = { allowPrivateIPAddress: settings.allowPrivateAddresses, allowMetaIPAddress: settings.allowPrivateAddresses };
  const secure = url.protocol === 'https:';
  const agent = secure ? new RequestFilteringHttpsAgent(guard) : new RequestFilteringHttpAgent(guard);
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).get(url, { agent, signal, headers: { accept: 'image/png,image/jpeg;q=0.9,*/*;q=0.1', 'user-agent': 'GemQC-template-image/1' } }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        if (redirects >= MAX_REDIRECTS) return reject(new RemoteImageError('链接跳转次数过多'));
        let next: URL;
        try {
          next = new URL(res.headers.location, url);
        } catch {
          return reject(new RemoteImageError('链接跳转到了无效的地址'));
        }
        if (next.protocol !== 'http:' && next.protocol !== 'https:') return reject(new RemoteImageError('链接跳转到了非 http/https 地址'));
        return resolve(get(next, settings, signal, redirects + 1));
      }
      if (status !== 200) {
        res.resume();
        return reject(new RemoteImageError(`图片服务器返回 HTTP ${status}`));
      }
      resolve(res);
    });
    req.on('error', reject);
  });
}

/** Download one picture within the limits; the bytes and what they are. */
export async function fetchRemoteImage(link: string, settings: RemoteImageSettings): Promise<{ bytes: Buffer; mime: string; width: number; height: number }> {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new RemoteImageError('链接不是有效的网址');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RemoteImageError('只能下载 http 或 https 链接的图片');
  const signal = AbortSignal.timeout(settings.fetchTimeoutMs);
  try {
    const res = await get(url, settings, signal);
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > TEMPLATE_IMAGE_MAX_BYTES) {
      res.destroy();
      throw new RemoteImageError(tooLarge());
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let checkedSize = false;
    for await (const chunk of res as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > TEMPLATE_IMAGE_MAX_BYTES) {
        res.destroy();
        throw new RemoteImageError(tooLarge());
      }
      chunks.push(chunk);
      // refuse a huge picture as soon as its header is in (a JPEG may put it after its EXIF data)
      if (!checkedSize && size >= 64 * 1024) checkedSize = checkDimensions(Buffer.concat(chunks), settings, false);
    }
    const bytes = Buffer.concat(chunks);
    const mime = sniffImage(bytes.subarray(0, 12));
    if (!mime || !EXT_MIME.has(mime)) throw new RemoteImageError('下载到的不是 PNG 或 JPG 图片');
    checkDimensions(bytes, settings, true);
    const { width = 0, height = 0 } = imageSize(bytes);
    return { bytes, mime, width, height };
  } catch (err) {
    if (err instanceof RemoteImageError) throw err;
    throw new RemoteImageError(reasonOf(err, settings));
  }
}

const tooLarge = (): string => `图片超过 ${TEMPLATE_IMAGE_MAX_BYTES / 1048576} MB`;

/** True when the header was read and the size is within the limits; throws when it is not. */
function checkDimensions(bytes: Buffer, settings: RemoteImageSettings, final: boolean): boolean {
  let dim: { width?: number; height?: number };
  try {
    dim = imageSize(bytes);
  } catch {
    if (final) throw new RemoteImageError('图片文件已损坏，读不出尺寸');
    return false;
  }
  const w = dim.width ?? 0;
  const h = dim.height ?? 0;
  if (!w || !h) {
    if (final) throw new RemoteImageError('图片文件已损坏，读不出尺寸');
    return false;
  }
  if (w > MAX_SIDE || h > MAX_SIDE || w * h > settings.maxPixels) {
    throw new RemoteImageError(`图片尺寸 ${w}×${h} 太大（每边最多 ${MAX_SIDE} 像素，共不超过 ${settings.maxPixels} 像素）`);
  }
  return true;
}

function reasonOf(err: unknown, settings: RemoteImageSettings): string {
  const e = err as { name?: string; code?: string; message?: string };
  if (e.name === 'TimeoutError' || e.name === 'AbortError' || e.code === 'ABORT_ERR') return `${Math.round(settings.fetchTimeoutMs / 1000)} 秒内没有下载完成`;
  if (/is not allowed/i.test(e.message ?? '')) return '链接指向内网或本机地址，出于安全不下载';
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') return '找不到这个网址的服务器';
  if (e.code === 'ECONNREFUSED' || e.code === 'ECONNRESET' || e.code === 'EHOSTUNREACH' || e.code === 'ENETUNREACH') return '连接不上图片服务器';
  if (typeof e.code === 'string' && e.code.startsWith('ERR_TLS') || /certificate/i.test(e.message ?? '')) return '图片服务器的 HTTPS 证书无效';
  return '下载失败';
}

/** A link is one of our stored pictures: the public image path with a valid key, on this app's host (or relative). */
function isStoredLink(link: string, origin: string): boolean {
  let url: URL;
  try {
    url = new URL(link, origin);
  } catch {
    return false;
  }
  const ownHost = url.origin === new URL(origin).origin;
  return ownHost && /\/publics\/v1\/Template\/image$/.test(url.pathname) && parseTemplateImageKey(url.searchParams.get('key') ?? '') !== null;
}

/** A picture link to fetch: an http(s) address (data: URLs and stored pictures stay; a `{field}` link is data, bound at print). */
const needsFetch = (link: unknown, origin: string): link is string =>
  typeof link === 'string' && /^https?:\/\//i.test(link.trim()) && !/\{[^}]*\}/.test(link) && !isStoredLink(link.trim(), origin);

interface ImageRef {
  /** How the warning names it. */
  name: string;
  get(): unknown;
  set(link: string): void;
}

/** The picture links of a template (its content as saved): the background and the image items' value and default value. */
function imageRefs(content: Record<string, unknown>): ImageRef[] {
  const refs: ImageRef[] = [{ name: '背景图', get: () => content.imageUrl, set: (v) => (content.imageUrl = v) }];
  const items = Array.isArray(content.tempItems) ? (content.tempItems as Record<string, unknown>[]) : [];
  items.forEach((item, i) => {
    if (item?.type !== 'braid-image') return;
    const name = `图片组件「${typeof item.title === 'string' && item.title ? item.title : `第 ${i + 1} 个组件`}」`;
    for (const key of ['value', 'defaultValue'] as const) refs.push({ name, get: () => item[key], set: (v) => (item[key] = v) });
  });
  return refs;
}

/**
 * Fetch every picture on another host that `content` names, store it, and point the template at
 * the stored copy (`content` is changed in place). Answers one warning per picture that could not
 * be stored (its link is left as it was, and print paths draw nothing for it).
 */
export async function storeRemoteImages(content: Record<string, unknown>, ctx: RemoteImageContext): Promise<string[]> {
  const refs = imageRefs(content).filter((r) => needsFetch(r.get(), ctx.origin));
  const byLink = new Map<string, ImageRef[]>();
  for (const r of refs) {
    const link = (r.get() as string).trim();
    byLink.set(link, [...(byLink.get(link) ?? []), r]);
  }
  const warnings: string[] = [];
  let n = 0;
  for (const [link, uses] of byLink) {
    const names = [...new Set(uses.map((u) => u.name))].join('、');
    if (++n > MAX_IMAGES) {
      warnings.push(`${names}的图片（${shortLink(link)}）未保存：一个模板最多自动下载 ${MAX_IMAGES} 张图片，打印时不会显示，请在设计器中上传`);
      continue;
    }
    try {
      const image = await fetchRemoteImage(link, ctx.settings);
      const key = newTemplateImageKey(ctx.centreId, image.mime);
      await ctx.storage.put(key, image.bytes, { maxBytes: TEMPLATE_IMAGE_MAX_BYTES });
      const stored = `${ctx.origin}/api${templateImageUrl(key)}`;
      for (const u of uses) u.set(stored);
    } catch (err) {
      const reason = err instanceof RemoteImageError ? err.message : '保存图片失败';
      warnings.push(`${names}的图片（${shortLink(link)}）未能保存：${reason}。打印时不会显示这张图片，请检查链接或在设计器中上传图片后再保存`);
    }
  }
  return warnings;
}

const shortLink = (link: string): string => (link.length > 80 ? `${link.slice(0, 77)}...` : link);
