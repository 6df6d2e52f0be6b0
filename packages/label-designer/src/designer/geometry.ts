import type { TemplateItem } from '../model/types';

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export function boundsOf(items: Rect[]): Rect {
  let l = Infinity, t = Infinity, r = -Infinity, b = -Infinity;
  for (const i of items) {
    l = Math.min(l, i.left);
    t = Math.min(t, i.top);
    r = Math.max(r, i.left + i.width);
    b = Math.max(b, i.top + i.height);
  }
  return items.length ? { left: l, top: t, width: r - l, height: b - t } : { left: 0, top: 0, width: 0, height: 0 };
}

export function intersects(a: Rect, b: Rect): boolean {
  return a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;
}

export interface SnapLines {
  xs: Float64Array;
  ys: Float64Array;
}

/** Edges and centres of the other items and of the page: what a dragged group may snap to. */
export function snapLines(items: TemplateItem[], exclude: Set<string>, page: { width: number; height: number }): SnapLines {
  const xs: number[] = [0, page.width / 2, page.width];
  const ys: number[] = [0, page.height / 2, page.height];
  for (const i of items) {
    if (exclude.has(i.uuid)) continue;
    xs.push(i.left, i.left + i.width / 2, i.left + i.width);
    ys.push(i.top, i.top + i.height / 2, i.top + i.height);
  }
  return { xs: Float64Array.from(xs).sort(), ys: Float64Array.from(ys).sort() };
}

function nearest(sorted: Float64Array, v: number): number {
  let lo = 0, hi = sorted.length - 1;
  if (hi < 0) return NaN;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) < v) lo = mid + 1;
    else hi = mid;
  }
  const a = sorted[lo] as number;
  const b = lo > 0 ? (sorted[lo - 1] as number) : a;
  return Math.abs(a - v) < Math.abs(b - v) ? a : b;
}

/**
 * Snap a moving box to the closest line within `threshold` on each axis, comparing its left edge,
 * centre and right edge (top, middle, bottom). Returns the corrected offset and the guide lines.
 */
export function snapMove(box: Rect, dx: number, dy: number, lines: SnapLines, threshold: number): { dx: number; dy: number; gx: number | null; gy: number | null } {
  const axis = (start: number, size: number, d: number, sorted: Float64Array): [number, number | null] => {
    let best = threshold + 1;
    let shift = 0;
    let guide: number | null = null;
    for (const edge of [start + d, start + d + size / 2, start + d + size]) {
      const line = nearest(sorted, edge);
      const dist = Math.abs(line - edge);
      if (dist < best) {
        best = dist;
        shift = line - edge;
        guide = line;
      }
    }
    return best <= threshold ? [d + shift, guide] : [d, null];
  };
  const [sx, gx] = axis(box.left, box.width, dx, lines.xs);
  const [sy, gy] = axis(box.top, box.height, dy, lines.ys);
  return { dx: sx, dy: sy, gx, gy };
}
