import { templateContent, type TemplateContent, type TemplateDetail, type TemplateKind } from '@gemqc/contract';
import batchList from './builtin/batch_list.json';
import certificateLabel from './builtin/certificate_label.json';
import orderSheet from './builtin/order_sheet.json';

/**
 * The built-in templates, one JSON file per kind in ./builtin: the seed stores them as a centre's
 * defaults, and a default request where there is none (a new centre, a merchant without a centre)
 * answers them, so every print has a template and no client keeps a copy of its own.
 */
const FILES: Record<TemplateKind, { name: string; json: unknown }> = {
  certificate_label: { name: '证书标签（70×50mm）', json: certificateLabel },
  order_sheet: { name: '检测订单（210×140mm）', json: orderSheet },
  batch_list: { name: '入仓批次清单（A4）', json: batchList },
};

/** A built-in template's content, read through the contract as any stored template is. */
export function builtinContent(kind: TemplateKind): TemplateContent {
  return templateContent.parse(FILES[kind].json);
}

export function builtinName(kind: TemplateKind): string {
  return FILES[kind].name;
}

/** Not stored: no id a client could edit or delete, version 0. */
const BUILTIN_TIME = new Date(0).toISOString();

/** The answer of a default request where no template of the kind is stored. */
export function builtinDetail(kind: TemplateKind): TemplateDetail {
  const template = builtinContent(kind);
  return {
    id: '0',
    name: builtinName(kind),
    kind,
    version: 0,
    is_default: true,
    page_width: template.pageWidth,
    page_height: template.pageHeight,
    item_count: template.tempItems.length,
    updated_by_name: '系统内置',
    updated_at: BUILTIN_TIME,
    created_at: BUILTIN_TIME,
    template,
  };
}
