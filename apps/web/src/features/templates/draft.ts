/**
 * Unsaved designer edits kept in the browser: leaving the designer through the menu, a tab, Back or a
 * crash loses nothing; opening the template again offers the draft back. One draft per template
 * (per portal), cleared when the template is saved or the draft is discarded.
 */
import type { Template } from '@gemqc/label-designer';

export interface TemplateDraft {
  template: Template;
  name: string;
  /** The saved version the edits started from. */
  baseVersion: number;
  /** When the draft was last written (ms since epoch). */
  at: number;
}

const keyOf = (portal: string, id: string) => `gemqc.templateDraft.${portal}.${id}`;

export function readDraft(portal: string, id: string, storage: Storage = localStorage): TemplateDraft | null {
  try {
    const raw = storage.getItem(keyOf(portal, id));
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<TemplateDraft>;
    if (!d.template || typeof d.name !== 'string' || typeof d.baseVersion !== 'number' || typeof d.at !== 'number') return null;
    return d as TemplateDraft;
  } catch {
    return null;
  }
}

export function writeDraft(portal: string, id: string, draft: TemplateDraft, storage: Storage = localStorage): void {
  try {
    storage.setItem(keyOf(portal, id), JSON.stringify(draft));
  } catch {
    /* storage full or disabled: the beforeunload prompt still guards a reload */
  }
}

export function clearDraft(portal: string, id: string, storage: Storage = localStorage): void {
  storage.removeItem(keyOf(portal, id));
}
