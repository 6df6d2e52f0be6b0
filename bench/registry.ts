import type { Figure } from './run';
import { startupBenchmark } from './startup';
import { bundleBenchmark } from './bundle';
import { designerBenchmark } from './designer';
import { loadBenchmark } from './load';
import { firstRowBenchmark } from './firstrow';
import { writebackBenchmark } from './writeback';

export interface Benchmark {
  name: string;
  description: string;
  run(): Promise<Figure[]>;
}

export const benchmarks: Benchmark[] = [startupBenchmark, bundleBenchmark, designerBenchmark, firstRowBenchmark, loadBenchmark, writebackBenchmark];
