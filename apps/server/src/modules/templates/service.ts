import type { z } from 'zod';
import {
  TEMPLATE_VERSION_CONFLICT,
  type TemplateContent,
  type TemplateDetail,
  type TemplateField,
  type TemplateKind,
  type TemplateSaveData,
  type TemplateSummary,
  type templateListQuery,
  type templateSaveBody,
} from '@gemqc/contract';
import { sanitizeTemplateHtml } from '@gemqc/label-designer/model';
import type { Db } from '../../db/client';
import { BusinessError, ForbiddenError, NotFoundError } from '../../platform/errors';
import { builtinDetail } from './builtin';
import { fieldsOf, sampleRow } from './fields';
import { recordChange, type Who } from '../audit/service';
import * as repo from './repo';
import { storeRemoteImages, type RemoteImageContext } from './remote-images';

/** Who acts: the caller's centre and account (from the session). */
export interface TemplateActor {
  centreId: number | null;
  accountId: number;
}

type ListQuery = z.output<typeof templateListQuery>;
type SaveBody = z.output<typeof templateSaveBody>;

const NOT_FOUND = '模板不存在或已被删除';

function centreOf(actor: { centreId: number | null }): number {
  if (actor.centreId === null) throw new ForbiddenError('当前账号未归属任何服务中心，不能管理标签模板');
  return actor.centreId;
}

function num(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}

function toSummary(r: repo.TemplateRow): TemplateSummary {
  const items = r.content.tempItems;
  return {
    id: String(r.id),
    name: r.name,
    kind: r.kind,
    version: r.version,
    is_default: r.isDefault,
    page_width: num(r.content.pageWidth),
    page_height: num(r.content.pageHeight),
    item_count: Array.isArray(items) ? items.length : 0,
    updated_by_name: r.updatedByName ?? '',
    updated_at: r.updatedAt.toISOString(),
    created_at: r.createdAt.toISOString(),
  };
}

function toDetail(r: repo.TemplateRow): TemplateDetail {
  return { ...toSummary(r), template: r.content as TemplateContent };
}

export async function listTemplates(db: Db, actor: TemplateActor, q: ListQuery) {
  const centreId = centreOf(actor);
  const { rows, total } = await repo.listTemplates(db, centreId, {
    keyword: q.keyword || undefined,
    kind: q.kind || undefined,
    page: q.page,
    pageSize: q.page_size,
  });
  return { list: rows.map(toSummary), total, page: q.page, page_size: q.page_size };
}

export async function getTemplate(db: Db, actor: TemplateActor, id: string): Promise<TemplateDetail> {
  const row = await repo.findTemplate(db, centreOf(actor), Number(id));
  if (!row) throw new NotFoundError(NOT_FOUND, 'template.not_found');
  return toDetail(row);
}

/** The centre's default template of a kind; the built-in one when the centre has none. */
export async function getDefaultTemplate(db: Db, actor: TemplateActor, kind: TemplateKind): Promise<TemplateDetail> {
  const row = await repo.findDefault(db, centreOf(actor), kind);
  return row ? toDetail(row) : builtinDetail(kind);
}

/**
 * A merchant's order sheet: the default template of its default centre (or the named one); the
 * built-in one when that centre has none or the merchant has no centre yet.
 */
export async function getDefaultTemplateForMerchant(
  db: Db,
  merchantId: number | null,
  kind: TemplateKind,
  centreId?: number,
): Promise<TemplateDetail> {
  if (merchantId === null) throw new ForbiddenError();
  const centre = centreId !== undefined ? centreId : await repo.merchantDefaultCentre(db, merchantId);
  const row = centre === null ? null : await repo.findDefault(db, centre, kind);
  return row ? toDetail(row) : builtinDetail(kind);
}

/** A template as 操作日志 records it. */
const snapshot = (r: repo.TemplateRow) => ({ name: r.name, kind: r.kind, version: r.version, is_default: r.isDefault });

/**
 * Creates a template (version 1), or writes a new version of one when `version` is still the
 * stored one; a stale version answers 1001 so the second editor never overwrites the first.
 * The first template of a kind becomes its default; `is_default` makes it the default.
 */
export async function saveTemplate(db: Db, actor: TemplateActor, body: SaveBody, now: Date, who: Who, images?: Omit<RemoteImageContext, 'centreId'>): Promise<TemplateSaveData> {
  const centreId = centreOf(actor);
  // templates are shared (merchants print the centre's default): only safe HTML is stored
  const content = sanitizeTemplateHtml(body.template).template as Record<string, unknown>;
  // pictures on another host are stored with the template first (outside the transaction: network)
  const imageWarnings = images ? await storeRemoteImages(content, { ...images, centreId }) : [];
  const saved = await db.transaction(async (tx) => {
    await repo.lockCentreTemplates(tx, centreId);
    let id: number;
    let before: repo.TemplateRow | undefined;
    if (body.id === undefined) {
      const makeDefault = body.is_default === true || !(await repo.hasDefault(tx, centreId, body.kind));
      if (makeDefault) await repo.clearDefault(tx, centreId, body.kind);
      id = await repo.insertTemplate(tx, { centreId, name: body.name, kind: body.kind, content, isDefault: makeDefault, accountId: actor.accountId, now });
    } else {
      id = Number(body.id);
      if (body.version === undefined) throw new BusinessError('缺少模板版本号，请刷新后再保存', 'template.version_missing');
      const current = await repo.findTemplate(tx, centreId, id);
      if (!current) throw new NotFoundError(NOT_FOUND, 'template.not_found');
      before = current;
      if (current.version !== body.version) throw new BusinessError(TEMPLATE_VERSION_CONFLICT, 'template.version_conflict');
      if (current.isDefault && current.kind !== body.kind) {
        throw new BusinessError('默认模板不能修改类型，请先把同类的其他模板设为默认', 'template.default_kind_change');
      }
      const written = await repo.updateTemplateIfVersion(tx, {
        id,
        centreId,
        expectedVersion: body.version,
        name: body.name,
        kind: body.kind,
        content,
        accountId: actor.accountId,
        now,
      });
      // someone saved between our read and our write
      if (!written) throw new BusinessError(TEMPLATE_VERSION_CONFLICT, 'template.version_conflict');
      const makeDefault = body.is_default === true || (current.kind !== body.kind && !(await repo.hasDefault(tx, centreId, body.kind)));
      if (makeDefault && !current.isDefault) {
        await repo.clearDefault(tx, centreId, body.kind);
        await repo.markDefault(tx, centreId, id);
      }
    }
    const saved = (await repo.findTemplate(tx, centreId, id))!;
    const object = { id, label: saved.name, centreId };
    await recordChange(tx, { ...who, kind: 'label_template', action: before ? 'update' : 'create', object, before: before ? snapshot(before) : null, after: snapshot(saved), now });
    return toDetail(saved);
  });
  return imageWarnings.length ? { ...saved, image_warnings: imageWarnings } : saved;
}

/** Makes a template the default of its kind: the previous default loses the flag in the same transaction. */
export async function setDefaultTemplate(db: Db, actor: TemplateActor, id: string, now?: Date, who?: Who): Promise<TemplateDetail> {
  const centreId = centreOf(actor);
  return db.transaction(async (tx) => {
    await repo.lockCentreTemplates(tx, centreId);
    const row = await repo.findTemplate(tx, centreId, Number(id));
    if (!row) throw new NotFoundError(NOT_FOUND, 'template.not_found');
    if (!row.isDefault) {
      await repo.clearDefault(tx, centreId, row.kind);
      await repo.markDefault(tx, centreId, row.id);
      // already the default: nothing changed, nothing recorded
      if (who) await recordChange(tx, { ...who, kind: 'label_template', action: 'set_default', object: { id: row.id, label: row.name, centreId }, before: { is_default: false }, after: { is_default: true }, now });
    }
    return toDetail((await repo.findTemplate(tx, centreId, row.id))!);
  });
}

/** Deletes a template; the default one is refused (printing relies on it). */
export async function deleteTemplate(db: Db, actor: TemplateActor, id: string, now?: Date, who?: Who): Promise<null> {
  const centreId = centreOf(actor);
  return db.transaction(async (tx) => {
    await repo.lockCentreTemplates(tx, centreId);
    const row = await repo.findTemplate(tx, centreId, Number(id));
    if (!row) throw new NotFoundError(NOT_FOUND, 'template.not_found');
    if (await repo.deleteNonDefault(tx, centreId, row.id)) {
      if (who) await recordChange(tx, { ...who, kind: 'label_template', action: 'delete', object: { id: row.id, label: row.name, centreId }, before: snapshot(row), after: null, now });
      return null;
    }
    throw new BusinessError(`“${row.name}”是默认模板，不能删除；请先把同类的其他模板设为默认`, 'template.delete_default');
  });
}

export function templateFields(kind: TemplateKind): { kind: TemplateKind; fields: TemplateField[] } {
  return { kind, fields: fieldsOf(kind) };
}

export async function templateSample(
  db: Db,
  actor: TemplateActor,
  kind: TemplateKind,
  origin: string,
  now: Date,
): Promise<{ kind: TemplateKind; row: Record<string, unknown> }> {
  const name = await repo.centreName(db, centreOf(actor));
  return { kind, row: sampleRow(kind, { centreName: name, origin, now }) };
}
