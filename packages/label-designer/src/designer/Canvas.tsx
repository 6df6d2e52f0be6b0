import { memo, startTransition, useEffect, useMemo, useRef, useState, type CSSProperties, type PointerEvent as ReactPointerEvent, type ReactElement } from 'react';
import { DESIGNER_DEFAULTS, LABEL_FONT } from '../model/defaults';
import { printableImageSrc } from '../model/images';
import type { Template, TemplateItem } from '../model/types';
import { ItemContent, RenderModeContext } from '../render/ItemContent';
import { itemBoxStyle } from '../render/LabelView';
import { boundsOf, intersects, snapLines, snapMove, type Rect } from './geometry';
import { useItemSelection, useSelectionStore, type SelectionStore } from './selection';

const ItemView = memo(function ItemView({ item, selection }: { item: TemplateItem; selection: SelectionStore }): ReactElement {
  const state = useItemSelection(selection, item.uuid);
  const selected = state !== 0;
  const handle = state === 2 && item.resizable !== false;
  return (
    <div
      className={selected ? 'gq-item gq-selected' : 'gq-item'}
      data-testid="designer-item"
      data-uuid={item.uuid}
      data-type={item.type}
      data-selected={selected ? 'true' : 'false'}
      style={itemBoxStyle(item)}
    >
      <ItemContent item={item} />
      {handle ? <div className="gq-handle" data-testid="resize-handle" data-uuid={item.uuid} /> : null}
    </div>
  );
});

export interface CanvasProps {
  template: Template;
  selected: string[];
  zoom: number;
  snap: boolean;
  onSelect: (ids: string[]) => void;
  onMove: (ids: string[], dx: number, dy: number) => void;
  onResize: (uuid: string, width: number, height: number) => void;
}

type Gesture =
  | { kind: 'move'; ids: string[]; nodes: HTMLElement[]; startX: number; startY: number; box: Rect; lines: ReturnType<typeof snapLines>; dx: number; dy: number; moved: boolean }
  | { kind: 'resize'; uuid: string; node: HTMLElement; startX: number; startY: number; w: number; h: number; nw: number; nh: number; moved: boolean }
  | { kind: 'band'; x0: number; y0: number; x1: number; y1: number; additive: boolean; moved: boolean };

const SNAP_PX = 5;
const NO_ITEMS: TemplateItem[] = [];

/**
 * The design surface. During a drag nothing goes through React: the dragged nodes move by CSS
 * transform through refs, and the result is committed once on pointer up — so a 500-item
 * template re-renders only the items that changed, once.
 */
export function Canvas({ template, selected, zoom, snap, onSelect, onMove, onResize }: CanvasProps): ReactElement {
  const pageRef = useRef<HTMLDivElement>(null);
  const guideX = useRef<HTMLDivElement>(null);
  const guideY = useRef<HTMLDivElement>(null);
  const band = useRef<HTMLDivElement>(null);
  const gesture = useRef<Gesture | null>(null);
  // Handlers read the latest props through a ref, so they are created once.
  const latest = useRef({ template, selected, zoom, snap, onSelect, onMove, onResize });
  useEffect(() => {
    latest.current = { template, selected, zoom, snap, onSelect, onMove, onResize };
  });

  const selection = useSelectionStore(selected);
  // The items first render in a transition after the canvas itself: React then builds them in short
  // slices, between which the page starts the barcode workers (which needs this thread) and takes
  // their first results, instead of all of that waiting for one long render of every item.
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  const items = mounted ? template.tempItems : NO_ITEMS;
  // The same elements while only the selection changes: React skips the 500 items outright.
  const itemViews = useMemo(() => items.map((item) => <ItemView key={item.uuid} item={item} selection={selection} />), [items, selection]);
  const scale = zoom / 100;

  const pagePoint = (e: { clientX: number; clientY: number }): { x: number; y: number } => {
    const r = pageRef.current?.getBoundingClientRect();
    const s = latest.current.zoom / 100;
    return { x: (e.clientX - (r?.left ?? 0)) / s, y: (e.clientY - (r?.top ?? 0)) / s };
  };

  // Guide lines are written only when they change: a move that keeps the same guide costs no style work.
  const guideAt = useRef<{ x: number | null; y: number | null }>({ x: null, y: null });
  const showGuide = (axis: 'x' | 'y', at: number | null): void => {
    const el = axis === 'x' ? guideX.current : guideY.current;
    if (!el || guideAt.current[axis] === at) return;
    guideAt.current[axis] = at;
    if (at === null) el.style.display = 'none';
    else Object.assign(el.style, { display: 'block', [axis === 'x' ? 'left' : 'top']: `${at}px` });
  };
  const hideGuides = (): void => {
    showGuide('x', null);
    showGuide('y', null);
  };

  const onPointerMove = (e: PointerEvent): void => {
    const g = gesture.current;
    if (!g) return;
    const s = latest.current.zoom / 100;
    if (g.kind === 'move') {
      // Movement is in screen px; the template is in unscaled px.
      let dx = (e.clientX - g.startX) / s;
      let dy = (e.clientY - g.startY) / s;
      // A click (or a jitter of a pixel or two) is not a drag: it must not snap the item away.
      if (!g.moved && Math.abs(e.clientX - g.startX) < 3 && Math.abs(e.clientY - g.startY) < 3) return hideGuides();
      let gx: number | null = null;
      let gy: number | null = null;
      if (latest.current.snap && !e.altKey) {
        const r = snapMove(g.box, dx, dy, g.lines, SNAP_PX / s);
        dx = r.dx;
        dy = r.dy;
        gx = r.gx;
        gy = r.gy;
      }
      showGuide('x', gx);
      showGuide('y', gy);
      // Clamp so no item goes left of / above the page (position >= 0).
      dx = Math.round(Math.max(dx, -g.box.left));
      dy = Math.round(Math.max(dy, -g.box.top));
      g.dx = dx;
      g.dy = dy;
      g.moved ||= dx !== 0 || dy !== 0;
      const tr = `translate(${dx}px, ${dy}px)`;
      for (const n of g.nodes) n.style.transform = tr;
    } else if (g.kind === 'resize') {
      const min = DESIGNER_DEFAULTS.minDragSize;
      g.nw = Math.max(min, Math.round(g.w + (e.clientX - g.startX) / s));
      g.nh = Math.max(min, Math.round(g.h + (e.clientY - g.startY) / s));
      g.moved = true;
      g.node.style.width = `${g.nw}px`;
      g.node.style.height = `${g.nh}px`;
    } else {
      const p = pagePoint(e);
      g.x1 = p.x;
      g.y1 = p.y;
      g.moved ||= Math.abs(g.x1 - g.x0) > 2 || Math.abs(g.y1 - g.y0) > 2;
      if (band.current && g.moved) {
        Object.assign(band.current.style, {
          display: 'block',
          left: `${Math.min(g.x0, g.x1)}px`,
          top: `${Math.min(g.y0, g.y1)}px`,
          width: `${Math.abs(g.x1 - g.x0)}px`,
          height: `${Math.abs(g.y1 - g.y0)}px`,
        });
      }
    }
  };

  const onPointerUp = (): void => {
    const g = gesture.current;
    gesture.current = null;
    window.removeEventListener('pointermove', onPointerMove);
    window.removeEventListener('pointerup', onPointerUp);
    window.removeEventListener('pointercancel', onPointerUp);
    hideGuides();
    if (!g) return;
    const cur = latest.current;
    if (g.kind === 'move') {
      // Drop the compositor layers a moment later, not in the frame that shows the drop: removing
      // them re-layerizes the whole page, which is the costliest step of a release.
      const nodes = g.nodes;
      setTimeout(() => {
        const now = gesture.current;
        for (const n of nodes) if (!(now?.kind === 'move' && now.nodes.includes(n))) n.classList.remove('gq-dragging');
      }, 300);
      if (!g.moved) {
        for (const n of g.nodes) n.style.transform = '';
        return;
      }
      // Put the nodes where React will put them, so there is no frame at the old place.
      const byId = new Map(cur.template.tempItems.map((i) => [i.uuid, i]));
      for (const n of g.nodes) {
        const it = byId.get(n.dataset.uuid ?? '');
        n.style.transform = '';
        if (it) {
          n.style.left = `${Math.max(0, it.left + g.dx)}px`;
          n.style.top = `${Math.max(0, it.top + g.dy)}px`;
        }
      }
      cur.onMove(g.ids, g.dx, g.dy);
    } else if (g.kind === 'resize') {
      if (g.moved) cur.onResize(g.uuid, g.nw, g.nh);
    } else {
      if (band.current) band.current.style.display = 'none';
      if (!g.moved) {
        // A click on the empty page returns to page level.
        if (!g.additive) cur.onSelect([]);
        return;
      }
      const r: Rect = { left: Math.min(g.x0, g.x1), top: Math.min(g.y0, g.y1), width: Math.abs(g.x1 - g.x0), height: Math.abs(g.y1 - g.y0) };
      const hit = cur.template.tempItems.filter((i) => intersects(r, i)).map((i) => i.uuid);
      cur.onSelect(g.additive ? Array.from(new Set([...cur.selected, ...hit])) : hit);
    }
  };

  const listen = (e: ReactPointerEvent<HTMLDivElement>): void => {
    // Capture the pointer for the gesture: moves then go straight to the page, with no hit test
    // of the 500 items under the pointer on every move.
    try {
      e.currentTarget.setPointerCapture?.(e.pointerId);
    } catch {
      /* not a live pointer (synthetic events) */
    }
    window.addEventListener('pointermove', onPointerMove);
    window.addEventListener('pointerup', onPointerUp);
    window.addEventListener('pointercancel', onPointerUp);
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>): void => {
    if (e.button !== 0 || gesture.current) return;
    const cur = latest.current;
    const target = e.target as HTMLElement;
    const page = pageRef.current;
    if (!page) return;
    const handle = target.closest<HTMLElement>('[data-testid="resize-handle"]');
    const itemEl = target.closest<HTMLElement>('[data-testid="designer-item"]');
    e.preventDefault();
    (document.activeElement as HTMLElement | null)?.blur?.();
    if (handle && itemEl) {
      const it = cur.template.tempItems.find((i) => i.uuid === itemEl.dataset.uuid);
      if (!it) return;
      gesture.current = { kind: 'resize', uuid: it.uuid, node: itemEl, startX: e.clientX, startY: e.clientY, w: it.width, h: it.height, nw: it.width, nh: it.height, moved: false };
      listen(e);
      return;
    }
    if (itemEl) {
      const uuid = itemEl.dataset.uuid ?? '';
      if (e.shiftKey) {
        cur.onSelect(cur.selected.includes(uuid) ? cur.selected.filter((x) => x !== uuid) : [...cur.selected, uuid]);
        return;
      }
      const ids = cur.selected.includes(uuid) ? cur.selected : [uuid];
      if (ids !== cur.selected) cur.onSelect(ids);
      const idSet = new Set(ids);
      const items = cur.template.tempItems.filter((i) => idSet.has(i.uuid) && i.dragable !== false);
      if (!items.length) return;
      const movable = new Set(items.map((i) => i.uuid));
      const nodes = Array.from(page.querySelectorAll<HTMLElement>('[data-testid="designer-item"]')).filter((n) => movable.has(n.dataset.uuid ?? ''));
      // Own compositor layers while dragging: the move is then a GPU transform, not a repaint.
      for (const n of nodes) n.classList.add('gq-dragging');
      gesture.current = {
        kind: 'move', ids: [...movable], nodes, startX: e.clientX, startY: e.clientY, box: boundsOf(items),
        lines: snapLines(cur.template.tempItems, movable, cur.template), dx: 0, dy: 0, moved: false,
      };
      listen(e);
      return;
    }
    const p = pagePoint(e);
    gesture.current = { kind: 'band', x0: p.x, y0: p.y, x1: p.x, y1: p.y, additive: e.shiftKey, moved: false };
    listen(e);
  };

  // A click on the grey area around the page is a click on an empty area too: back to page level
  // (not on the area's scrollbars, which lie outside its client box).
  const onAreaPointerDown = (e: ReactPointerEvent<HTMLDivElement>): void => {
    if (e.button !== 0 || gesture.current || pageRef.current?.contains(e.target as Node)) return;
    const area = e.currentTarget.getBoundingClientRect();
    const { clientWidth: w, clientHeight: h } = e.currentTarget;
    if ((w && e.clientX - area.left >= w) || (h && e.clientY - area.top >= h)) return;
    if (latest.current.selected.length) latest.current.onSelect([]);
  };

  // Stop listening if the canvas goes away mid-gesture.
  useEffect(() => () => {
    window.removeEventListener('pointermove', onPointerMove);
    window.removeEventListener('pointerup', onPointerUp);
    window.removeEventListener('pointercancel', onPointerUp);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const pageStyle: CSSProperties = {
    position: 'relative',
    width: template.width,
    height: template.height,
    transform: scale === 1 ? undefined : `scale(${scale})`,
    transformOrigin: '0 0',
  };
  return (
    <div className="gq-canvas-scroll" data-testid="designer-canvas" onPointerDown={onAreaPointerDown}>
      <div style={{ width: template.width * scale, height: template.height * scale, position: 'relative' }}>
        <div ref={pageRef} className="gq-page" data-testid="designer-page" style={{ ...pageStyle, fontFamily: LABEL_FONT }} onPointerDown={onPointerDown}>
          {printableImageSrc(template.imageUrl) ? <img className="gq-bg" src={printableImageSrc(template.imageUrl)} alt="" draggable={false} data-testid="designer-background" /> : null}
          <RenderModeContext.Provider value="canvas">
            {itemViews}
          </RenderModeContext.Provider>
          <div ref={guideX} className="gq-guide gq-guide-x" data-testid="guide-x" />
          <div ref={guideY} className="gq-guide gq-guide-y" data-testid="guide-y" />
          <div ref={band} className="gq-band" data-testid="rubber-band" />
        </div>
      </div>
    </div>
  );
}
