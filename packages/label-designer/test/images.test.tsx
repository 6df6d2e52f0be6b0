/**
 * Print paths draw only stored pictures (model/images.ts): the canvas/print view (LabelView), the
 * print markup and the C-Lodop job agree; a link on another host prints as the empty box.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LabelView, buildPrintDocument, createItem, createTemplate, printableImageSrc } from '../src';

const STORED = '/api/publics/v1/Template/image?key=template-images%2F1%2F0123456789abcdef01234567.png';

describe('printableImageSrc: stored pictures only', () => {
  const origin = 'https://gemqc.example';
  it.each([
    ['a stored picture (relative)', STORED, STORED],
    ['a stored picture named under this origin', `${origin}${STORED}`, `${origin}${STORED}`],
    ['a stored picture named under another host name of the app: drawn from this origin', `http://10.0.0.5:8080${STORED}`, STORED],
    ['a data: picture kept in the template', 'data:image/png;base64,iVBORw0KGgo=', 'data:image/png;base64,iVBORw0KGgo='],
    ['a picture on another host (not stored)', 'https://cdn.example/logo.png', ''],
    ['a protocol-relative link elsewhere', '//cdn.example/logo.png', ''],
    ['a script link', 'javascript:alert(1)', ''],
    ['nothing', '  ', ''],
    ['a placeholder no row filled in', '{logo}', ''],
  ])('%s', (_, src, want) => expect(printableImageSrc(src, { origin })).toBe(want));

  it('C-Lodop gets absolute addresses on this origin', () => {
    expect(printableImageSrc(STORED, { origin, absolute: true })).toBe(`${origin}${STORED}`);
    expect(printableImageSrc(`http://10.0.0.5:8080${STORED}`, { origin, absolute: true })).toBe(`${origin}${STORED}`);
    expect(printableImageSrc('https://cdn.example/logo.png', { origin, absolute: true })).toBe('');
  });
});

describe('the view and the print markup draw the same pictures', () => {
  const template = createTemplate({
    imageUrl: 'https://cdn.example/bg.png',
    tempItems: [
      createItem('braid-image', { uuid: 'a000000001', value: STORED }),
      createItem('braid-image', { uuid: 'a000000002', value: 'https://cdn.example/logo.png' }),
    ],
  });

  it('a stored picture is an <img>, one on another host the empty box, in LabelView and in the print document', async () => {
    const view = renderToStaticMarkup(<LabelView template={template} mode="print" />);
    const doc = await buildPrintDocument(template, []);
    for (const html of [view, doc]) {
      expect(html.match(/<img [^>]*>/g)?.map((m) => /src="([^"]*)"/.exec(m)?.[1])).toEqual([STORED.replace(/&/g, '&amp;')]);
      expect(html).not.toContain('cdn.example');
    }
  });
});
