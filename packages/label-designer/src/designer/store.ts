import { useCallback, useReducer } from 'react';
import { DESIGNER_DEFAULTS, newUuid } from '../model/defaults';
import type { ItemStyle, Template, TemplateItem } from '../model/types';

/** Designer state: the template, the selection (empty = page level) and the undo history. */
export interface DesignerState {
  template: Template;
  selected: string[];
  past: Template[];
  future: Template[];
  /** Consecutive edits with the same key within a second are one undo step (typing, arrow keys). */
  lastKey: string | null;
  lastAt: number;
}

export type Action =
  | { type: 'edit'; template: Template; key?: string; select?: string[] }
  | { type: 'select'; ids: string[] }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'reset'; template: Template };

const HISTORY_LIMIT = 200;
const COALESCE_MS = 1000;

export function initState(template: Template): DesignerState {
  return { template, selected: [], past: [], future: [], lastKey: null, lastAt: 0 };
}

const existing = (t: Template, ids: string[]): string[] => ids.filter((id) => t.tempItems.some((i) => i.uuid === id));

export function reducer(s: DesignerState, a: Action): DesignerState {
  switch (a.type) {
    case 'edit': {
      if (a.template === s.template) return a.select ? { ...s, selected: a.select } : s;
      const now = Date.now();
      const merge = a.key !== undefined && a.key === s.lastKey && now - s.lastAt < COALESCE_MS;
      const past = merge ? s.past : [...s.past, s.template].slice(-HISTORY_LIMIT);
      const selected = existing(a.template, a.select ?? s.selected);
      return { template: a.template, selected, past, future: [], lastKey: a.key ?? null, lastAt: now };
    }
    case 'select':
      return { ...s, selected: a.ids, lastKey: null };
    case 'undo': {
      const prev = s.past[s.past.length - 1];
      if (!prev) return s;
      return { ...s, template: prev, past: s.past.slice(0, -1), future: [s.template, ...s.future], selected: existing(prev, s.selected), lastKey: null };
    }
    case 'redo': {
      const next = s.future[0];
      if (!next) return s;
      return { ...s, template: next, past: [...s.past, s.template], future: s.future.slice(1), selected: existing(next, s.selected), lastKey: null };
    }
    case 'reset':
      return initState(a.template);
  }
}

export function useDesignerStore(initial: Template): [DesignerState, (a: Action) => void] {
  const [state, dispatch] = useReducer(reducer, initial, initState);
  return [state, useCallback((a: Action) => dispatch(a), [])];
}

// Pure template edits: each returns a new template sharing unchanged items, so memoised item
// views of untouched items do not re-render.

export function mapItems(t: Template, ids: Iterable<string>, fn: (i: TemplateItem) => TemplateItem): Template {
  const set = new Set(ids);
  let changed = false;
  const tempItems = t.tempItems.map((i) => {
    if (!set.has(i.uuid)) return i;
    const n = fn(i);
    if (n !== i) changed = true;
    return n;
  });
  return changed ? { ...t, tempItems } : t;
}

export function patchItem(t: Template, uuid: string, patch: Partial<TemplateItem>): Template {
  return mapItems(t, [uuid], (i) => ({ ...i, ...patch }));
}

export function patchStyle(t: Template, uuid: string, patch: Partial<ItemStyle>): Template {
  return mapItems(t, [uuid], (i) => ({ ...i, style: { ...i.style, ...patch } }));
}

/** Move items by (dx, dy); positions never go below 0 (spec §4). */
export function moveItems(t: Template, ids: string[], dx: number, dy: number): Template {
  if (dx === 0 && dy === 0) return t;
  return mapItems(t, ids, (i) => {
    if (i.dragable === false) return i;
    const left = Math.max(0, i.left + dx);
    const top = Math.max(0, i.top + dy);
    return left === i.left && top === i.top ? i : { ...i, left, top };
  });
}

export function resizeItem(t: Template, uuid: string, width: number, height: number): Template {
  const min = DESIGNER_DEFAULTS.minDragSize;
  return mapItems(t, [uuid], (i) => {
    if (i.resizable === false) return i;
    const w = Math.max(min, Math.round(width));
    const h = Math.max(min, Math.round(height));
    return w === i.width && h === i.height ? i : { ...i, width: w, height: h };
  });
}

export function addItems(t: Template, items: TemplateItem[]): Template {
  return { ...t, tempItems: [...t.tempItems, ...items] };
}

export function deleteItems(t: Template, ids: string[]): Template {
  const set = new Set(ids);
  return { ...t, tempItems: t.tempItems.filter((i) => !set.has(i.uuid)) };
}

/** Copies for paste: new uuids, shifted so they do not sit exactly on the originals. */
export function cloneItems(items: TemplateItem[], offset: number): TemplateItem[] {
  return items.map((i) => ({ ...structuredClone(i), uuid: newUuid(), left: i.left + offset, top: i.top + offset }));
}
