// Simulates a buyer's refund on Doudian for the demo: pushes a signed 200 message
// (doudian_refund_RefundCreated) to the running app's push endpoint, as the platform does.
//   npm run doudian:refund -- <抖店订单号> [--shop 4463798] [--url http://localhost:8080] [--type 2] [--msg-id <id>]
// The app key and secret are the server's (DOUDIAN_APP_KEY / DOUDIAN_APP_SECRET, demo defaults).
// --type: 0 退货退款, 1 已发货仅退款, 2 未发货仅退款 (default). The same --msg-id again is a repeated delivery.
import { parseArgs } from 'node:util';
import { DOUDIAN_PUSH_PATH } from '@gemqc/contract';
import { loadConfig } from '../apps/server/src/config';
import { newMsgId, refundCreatedData, REFUND_CREATED_TAG, sendPush } from '../apps/server/src/integrations/doudian/push';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { shop: { type: 'string', default: '4463798' }, url: { type: 'string' }, type: { type: 'string', default: '2' }, 'msg-id': { type: 'string' } },
});
const orderId = positionals[0];
if (!orderId || !/^\d{1,20}$/.test(orderId)) {
  console.error('用法: npm run doudian:refund -- <抖店订单号> [--shop 4463798] [--url http://localhost:8080] [--type 2]');
  process.exit(2);
}
const config = loadConfig(process.env);
const base = values.url ?? `http://localhost:${config.port}`;
const msgId = values['msg-id'] ?? newMsgId();
const data = refundCreatedData({ shopId: values.shop!, orderId, aftersaleType: Number(values.type) });
const res = await sendPush(`${base.replace(/\/$/, '')}/api${DOUDIAN_PUSH_PATH}`, config.doudian, [{ tag: REFUND_CREATED_TAG, msg_id: msgId, data }]);
console.log(`msg_id ${msgId} → HTTP ${res.status} ${res.body}`);
process.exit(res.status === 200 ? 0 : 1);
