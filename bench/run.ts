/**
 * `npm run bench [name…]`: runs the benchmarks and prints each figure against its budget.
 * Benchmarks measure; they do not fail the build. Figures also go to bench/out/results.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { benchmarks } from './registry';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** Budget and whether smaller or larger is better. */
  budget?: { max?: number; min?: number };
  note?: string;
}

const wanted = process.argv.slice(2);
const results: Figure[] = [];
for (const b of benchmarks) {
  if (wanted.length && !wanted.includes(b.name)) continue;
  console.log(`\n## ${b.name}: ${b.description}`);
  try {
    const figures = await b.run();
    for (const f of figures) {
      results.push(f);
      const ok = f.budget ? (f.budget.max === undefined || f.value <= f.budget.max) && (f.budget.min === undefined || f.value >= f.budget.min) : undefined;
      const budget = f.budget ? ` (budget ${f.budget.max !== undefined ? '≤ ' + f.budget.max : '≥ ' + f.budget.min} ${f.unit})` : '';
      console.log(`${ok === undefined ? '  ' : ok ? 'OK' : '!!'} ${f.name}: ${round(f.value)} ${f.unit}${budget}${f.note ? ' — ' + f.note : ''}`);
    }
  } catch (err) {
    console.log(`!! ${b.name} could not run: ${(err as Error).stack ?? err}`);
  }
}
fs.mkdirSync(path.join(import.meta.dirname, 'out'), { recursive: true });
fs.writeFileSync(path.join(import.meta.dirname, 'out', 'results.json'), JSON.stringify(results, null, 2));

function round(v: number) {
  return Math.abs(v) >= 100 ? Math.round(v) : Math.round(v * 100) / 100;
}
