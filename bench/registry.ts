import type { Figure } from './run';
import { startupBenchmark } from './startup';

export interface Benchmark {
  name: string;
  description: string;
  run(): Promise<Figure[]>;
}

export const benchmarks: Benchmark[] = [startupBenchmark];
