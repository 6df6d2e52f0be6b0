/**
 * A minimal PDF writer: one full-page raster image per page. Labels are rasterised by the
 * browser (see print.ts), so text in any script — Chinese included — appears exactly as the
 * browser draws it, with no font embedding or CJK font files to ship. Images are stored
 * losslessly (FlateDecode RGB) so barcode bars stay sharp; JPEG is used only where the
 * browser lacks CompressionStream.
 */
export interface PdfImage {
  width: number;
  height: number;
  /** 'flate': zlib-compressed RGB bytes; 'jpeg': a JPEG file. */
  encoding: 'flate' | 'jpeg';
  data: Uint8Array;
}

export interface PdfPage {
  /** Page size in PDF points (1/72 inch). */
  widthPt: number;
  heightPt: number;
  image: PdfImage;
}

const enc = new TextEncoder();
const num = (n: number): string => (Math.round(n * 1000) / 1000).toString();

export function writePdf(pages: PdfPage[], title = 'labels'): Uint8Array {
  const chunks: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (b: Uint8Array | string): void => {
    const bytes = typeof b === 'string' ? enc.encode(b) : b;
    chunks.push(bytes);
    length += bytes.length;
  };
  const obj = (id: number, body: string | (() => void)): void => {
    offsets[id] = length;
    push(`${id} 0 obj\n`);
    if (typeof body === 'string') push(body);
    else body();
    push('\nendobj\n');
  };
  push('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n');
  // Object ids: 1 catalog, 2 pages, 3 info, then 3 per page (page, content, image).
  const pageIds = pages.map((_, i) => 4 + i * 3);
  obj(1, '<< /Type /Catalog /Pages 2 0 R >>');
  obj(2, `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  const safeTitle = title.replace(/[^\x20-\x7e]/g, '?').replace(/([()\\])/g, '\\$1');
  obj(3, `<< /Title (${safeTitle}) /Producer (@gemqc/label-designer) >>`);
  pages.forEach((p, i) => {
    const id = pageIds[i] as number;
    const w = num(p.widthPt);
    const h = num(p.heightPt);
    obj(id, `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Resources << /XObject << /Im0 ${id + 2} 0 R >> >> /Contents ${id + 1} 0 R >>`);
    const content = `q ${w} 0 0 ${h} 0 0 cm /Im0 Do Q`;
    obj(id + 1, `<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    const img = p.image;
    const filter = img.encoding === 'jpeg' ? '/DCTDecode' : '/FlateDecode';
    obj(id + 2, () => {
      push(`<< /Type /XObject /Subtype /Image /Width ${img.width} /Height ${img.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter ${filter} /Length ${img.data.length} >>\nstream\n`);
      push(img.data);
      push('\nendstream');
    });
  });
  const xref = length;
  const count = 4 + pages.length * 3;
  let table = `xref\n0 ${count}\n0000000000 65535 f \n`;
  for (let i = 1; i < count; i++) table += `${String(offsets[i] ?? 0).padStart(10, '0')} 00000 n \n`;
  push(table);
  push(`trailer\n<< /Size ${count} /Root 1 0 R /Info 3 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const out = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** zlib-compress with the browser's CompressionStream ('deflate' is the zlib format PDF wants). */
export async function deflate(data: Uint8Array): Promise<Uint8Array> {
  const cs = new CompressionStream('deflate');
  const stream = new Blob([data as BlobPart]).stream().pipeThrough(cs);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
