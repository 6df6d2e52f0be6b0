import type { PdfFontSource } from '@gemqc/label-designer';

/**
 * The Chinese font of 下载 PDF: Noto Sans SC from @fontsource/noto-sans-sc, one file per
 * unicode-range chunk (~35 KB each). The build copies the files and this map holds their hashed
 * addresses; a PDF fetches only the chunks its text uses (a label needs a handful), and this module
 * itself loads only when a PDF is asked for: callers import it dynamically
 * (`fonts: () => import('…/pdfFonts').then((m) => m.pdfFonts)`), so no page grows.
 */
const regular = import.meta.glob('../../../../../node_modules/@fontsource/noto-sans-sc/files/noto-sans-sc-*-400-normal.woff', { query: '?url', import: 'default', eager: true }) as Record<string, string>;
const bold = import.meta.glob('../../../../../node_modules/@fontsource/noto-sans-sc/files/noto-sans-sc-*-700-normal.woff', { query: '?url', import: 'default', eager: true }) as Record<string, string>;

const byChunk = (files: Record<string, string>): Map<string, string> =>
  new Map(Object.entries(files).map(([path, url]) => [/noto-sans-sc-(.+)-\d00-normal\.woff$/.exec(path)?.[1] ?? '', url]));
const urls = { 400: byChunk(regular), 700: byChunk(bold) };

export const pdfFonts: PdfFontSource = {
  async load(chunk, weight) {
    // unicode.json names numbered chunks "[117]", the files "117"
    const url = urls[weight].get(chunk.replace(/^\[(\d+)\]$/, '$1'));
    if (!url) throw new Error(`no font file for ${chunk}`);
    const res = await fetch(url);
    if (!res.ok) throw new Error(`font ${chunk}: HTTP ${res.status}`);
    return res.arrayBuffer();
  },
};

