// Prints the configuration table of the server (every environment variable, its default and
// meaning) as Markdown, from apps/server/src/config.ts — paste it into the README.
//   node --import tsx scripts/config-doc.ts            print the table
//   node --import tsx scripts/config-doc.ts --check    exit 1 when README.md misses a variable
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configMarkdownTable, describeConfig } from '../apps/server/src/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (process.argv.includes('--check')) {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const missing = describeConfig().filter((v) => !readme.includes(v.name)).map((v) => v.name);
  if (missing.length) {
    console.error(`README.md does not document: ${missing.join(', ')}`);
    process.exit(1);
  }
  console.log('README.md documents every environment variable.');
} else {
  console.log(configMarkdownTable());
}
