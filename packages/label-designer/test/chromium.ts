/**
 * The package's browser path in a real Chromium (Debian's, /usr/bin/chromium, through playwright-core):
 * the package is bundled with esbuild into one module that the page loads, so a test can call
 * `buildPrintDocument` where tables have a real layout and print the result to PDF.
 */
import path from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let bundle: Promise<string> | undefined;

/** The package as one ES module that puts its exports on `window.gq`. */
export function packageBundle(): Promise<string> {
  bundle ??= build({
    stdin: { contents: "import * as gq from './src/index.ts'; window.gq = gq;", resolveDir: path.resolve(import.meta.dirname, '..'), loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    jsx: 'automatic',
    write: false,
    logLevel: 'error',
    define: { 'process.env.NODE_ENV': '"production"' },
  }).then((r) => r.outputFiles[0]!.text);
  return bundle;
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** A blank page with the package loaded as `window.gq`. */
export async function pageWithPackage(browser: Browser): Promise<Page> {
  const page = await browser.newPage();
  await page.setContent('<!DOCTYPE html><html><head><meta charset="utf-8"></head><body></body></html>');
  await page.addScriptTag({ type: 'module', content: await packageBundle() });
  await page.waitForFunction(() => 'gq' in window);
  return page;
}
