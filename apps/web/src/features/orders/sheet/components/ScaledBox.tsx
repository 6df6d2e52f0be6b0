import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Shows a fixed-size (px) child scaled down to the available width, keeping its aspect. */
export function ScaledBox({ width, height, children }: { width: number; height: number; children: ReactNode }) {
  const el = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const node = el.current;
    if (!node) return undefined;
    const fit = () => setScale(Math.min(1, node.clientWidth / Math.max(1, width)));
    fit();
    const ro = new ResizeObserver(fit);
    ro.observe(node);
    return () => ro.disconnect();
  }, [width]);
  return (
    <div ref={el} className="sheet-preview" style={{ height: height * scale }}>
      <div className="sheet-preview__inner" style={{ width, height, transform: `scale(${scale})` }}>
        {children}
      </div>
    </div>
  );
}
