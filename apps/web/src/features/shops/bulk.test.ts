import { describe, expect, it } from 'vitest';
import { pullInChunks } from './bulk';

describe('去检测: bulk creation in chunks with progress', () => {
  it('sends every chosen order once, in chunks, and reports progress after each chunk', async () => {
    const sent: string[][] = [];
    const progress: [number, number][] = [];
    const r = await pullInChunks(
      ['1', '2', '3', '4', '5', '6', '7'],
      3,
      async (chunk) => {
        sent.push(chunk);
        return {
          created: chunk.length,
          skipped: 0,
          orders: chunk.map((id) => ({ platform_order_id: id, id: `o${id}`, order_no: `JC${id}` })),
          skipped_orders: [],
        };
      },
      (d, t) => progress.push([d, t]),
    );
    expect(sent).toEqual([['1', '2', '3'], ['4', '5', '6'], ['7']]);
    expect(progress).toEqual([[0, 7], [3, 7], [6, 7], [7, 7]]);
    expect(r.created.map((o) => o.order_no)).toEqual(['JC1', 'JC2', 'JC3', 'JC4', 'JC5', 'JC6', 'JC7']);
  });

  it('keeps going after a refused chunk and says which orders failed and why', async () => {
    const r = await pullInChunks(
      ['1', '2', '3', '4'],
      2,
      async (chunk) => {
        if (chunk[0] === '1') throw new Error('检测授权未通过');
        return { created: 1, skipped: 1, orders: [{ platform_order_id: '3', id: 'a', order_no: 'JC3' }], skipped_orders: [{ platform_order_id: '4', reason: '已创建检测订单' }] };
      },
      () => undefined,
    );
    expect(r.failed).toEqual([
      { platform_order_id: '1', reason: '检测授权未通过' },
      { platform_order_id: '2', reason: '检测授权未通过' },
    ]);
    expect(r.created).toHaveLength(1);
    expect(r.skipped).toEqual([{ platform_order_id: '4', reason: '已创建检测订单' }]);
  });
});
