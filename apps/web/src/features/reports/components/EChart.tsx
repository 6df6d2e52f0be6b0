import { useEffect, useRef } from 'react';

/** The ECharts option object (kept loose: ECharts types are only loaded with the chart chunk). */
export type ChartOption = Record<string, unknown>;

type Chart = { setOption(o: ChartOption, notMerge?: boolean): void; resize(): void; dispose(): void };

let loader: Promise<(el: HTMLElement) => Chart> | null = null;

/** Loads the parts of ECharts the reports use, once, in their own chunk. */
function loadECharts(): Promise<(el: HTMLElement) => Chart> {
  loader ??= import('./echartsSetup').then(({ init }) => (el: HTMLElement) => init(el) as unknown as Chart);
  return loader;
}

/** One chart; re-renders on option change and follows its container's size. */
export function EChart({ option, height = 320, testId }: { option: ChartOption; height?: number; testId?: string }) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const latest = useRef(option);
  latest.current = option;

  useEffect(() => {
    let disposed = false;
    let ro: ResizeObserver | null = null;
    void loadECharts().then((init) => {
      if (disposed || !el.current) return;
      chart.current = init(el.current);
      chart.current.setOption(latest.current, true);
      ro = new ResizeObserver(() => chart.current?.resize());
      ro.observe(el.current);
    });
    return () => {
      disposed = true;
      ro?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);

  return <div ref={el} style={{ width: '100%', height }} data-testid={testId} />;
}
