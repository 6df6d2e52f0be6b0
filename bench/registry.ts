import type { Figure } from './run';
import { orderListBenchmark } from './orderList';
import { startupBenchmark } from './startup';
import { bundleBenchmark } from './bundle';
import { designerBenchmark } from './designer';

export interface Benchmark {
  name: string;
  description: string;
  run(): Promise<Figure[]>;
}

export const benchmarks: Benchmark[] = [startupBenchmark, bundleBenchmark, designerBenchmark, orderListBenchmark];
