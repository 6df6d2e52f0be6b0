import type { PullOrdersData } from '@gemqc/contract';

export interface BulkResult {
  created: PullOrdersData['orders'];
  skipped: PullOrdersData['skipped_orders'];
  /** Chunks the server refused as a whole (network, 1001 …): their ids with the message. */
  failed: { platform_order_id: string; reason: string }[];
}

/**
 * Sends the chosen platform orders in chunks so the page can show progress; a failed chunk does
 * not stop the others.
 */
export async function pullInChunks(
  ids: string[],
  chunkSize: number,
  send: (chunk: string[]) => Promise<PullOrdersData>,
  onProgress: (done: number, total: number) => void,
): Promise<BulkResult> {
  const out: BulkResult = { created: [], skipped: [], failed: [] };
  let done = 0;
  onProgress(0, ids.length);
  for (let i = 0; i < ids.length; i += chunkSize) {
    const chunk = ids.slice(i, i + chunkSize);
    try {
      const r = await send(chunk);
      out.created.push(...r.orders);
      out.skipped.push(...r.skipped_orders);
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      out.failed.push(...chunk.map((platform_order_id) => ({ platform_order_id, reason })));
    }
    done += chunk.length;
    onProgress(done, ids.length);
  }
  return out;
}
