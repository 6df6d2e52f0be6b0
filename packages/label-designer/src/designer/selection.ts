import { useLayoutEffect, useState, useSyncExternalStore } from 'react';

/** 0: not selected, 1: selected, 2: the only selected item. */
export type ItemSelection = 0 | 1 | 2;

/**
 * The selection as a store that each item view reads for itself: a selection change re-renders only
 * the items whose state changed, not the list of 500 (whose elements stay the same objects).
 */
export class SelectionStore {
  private ids = new Set<string>();
  private listeners = new Set<() => void>();

  constructor(selected: string[]) {
    this.ids = new Set(selected);
  }

  set(selected: string[]): void {
    if (selected.length === this.ids.size && selected.every((id) => this.ids.has(id))) return;
    this.ids = new Set(selected);
    for (const l of [...this.listeners]) l();
  }

  state(uuid: string): ItemSelection {
    return this.ids.has(uuid) ? (this.ids.size === 1 ? 2 : 1) : 0;
  }

  subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => void this.listeners.delete(l);
  };
}

/** A store that follows `selected` (updated before paint, so items never show a stale selection). */
export function useSelectionStore(selected: string[]): SelectionStore {
  const [store] = useState(() => new SelectionStore(selected));
  useLayoutEffect(() => store.set(selected), [store, selected]);
  return store;
}

export function useItemSelection(store: SelectionStore, uuid: string): ItemSelection {
  const get = (): ItemSelection => store.state(uuid);
  return useSyncExternalStore(store.subscribe, get, get);
}
