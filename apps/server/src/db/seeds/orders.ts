import { chinaDayDigits } from '@gemqc/contract';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, inArray, sql } from 'drizzle-orm';
import type { OrderStatus } from '@gemqc/contract';
import type { Database, Db } from '../client';
import {
  accounts,
  centres,
  certificates,
  codeBindings,
  feeRules,
  gemCategories,
  inspectionRecords,
  ledgerEntries,
  merchants,
  orderEvents,
  orderItems,
  orderNoCounters,
  recordings,
  shops,
  testingAuthorisations,
  testingOrders,
} from '../schema';

/** The demo recording (a short MP4 in seeds/assets); the recordings module copies it into file storage on first use. */
export const DEMO_VIDEO_KEY = 'demo/sample-recording.mp4';

/** The 10 demo categories of docs/domain.md#catalogue with their fees (fen) at 广州番禺 (深圳水贝: +5 元 inspection). */
export const demoCategories = [
  { code: 'FC', name: '翡翠', nameEn: 'Jadeite', unit: 'g', purity: false, fee: 3000, cert: 1000 },
  { code: 'HTY', name: '和田玉', nameEn: 'Hetian jade (nephrite)', unit: 'g', purity: false, fee: 3000, cert: 1000 },
  { code: 'ZS', name: '钻石', nameEn: 'Diamond', unit: 'ct', purity: false, fee: 5000, cert: 2000 },
  { code: 'CSBS', name: '彩色宝石', nameEn: 'Coloured gemstones', unit: 'ct', purity: false, fee: 4000, cert: 1500 },
  { code: 'ZZ', name: '珍珠', nameEn: 'Pearl', unit: 'g', purity: false, fee: 2000, cert: 800 },
  { code: 'HPML', name: '琥珀蜜蜡', nameEn: 'Amber and beeswax', unit: 'g', purity: false, fee: 2000, cert: 800 },
  { code: 'SJMN', name: '水晶玛瑙', nameEn: 'Crystal and agate', unit: 'g', purity: false, fee: 1500, cert: 500 },
  { code: 'HJ', name: '黄金', nameEn: 'Gold', unit: 'g', purity: true, fee: 2000, cert: 800 },
  { code: 'BJ', name: '铂金', nameEn: 'Platinum', unit: 'g', purity: true, fee: 2500, cert: 800 },
  { code: 'YS', name: '银饰', nameEn: 'Silver', unit: 'g', purity: true, fee: 1000, cert: 500 },
] as const;

type Cat = (typeof demoCategories)[number]['code'];

const goods: Record<Cat, { names: string[]; pass: string; fail: string; weight: [number, number]; value: [number, number]; shape: string; colour: string; ri: string; density: string; purity?: string }> = {
  FC: { names: ['冰种翡翠手镯', '翡翠平安扣吊坠', '糯种飘花翡翠手镯', '翡翠观音吊坠', '翡翠蛋面戒指'], pass: '翡翠（A货）', fail: '翡翠（B+C货）', weight: [8, 65], value: [2000, 60000], shape: '圆条', colour: '绿色', ri: '1.66（点测）', density: '3.33' },
  HTY: { names: ['和田玉籽料手串', '和田玉白玉平安扣', '和田玉青玉手镯'], pass: '和田玉（透闪石玉）', fail: '石英岩玉（仿和田玉）', weight: [10, 60], value: [1500, 30000], shape: '圆珠', colour: '白色', ri: '1.62（点测）', density: '2.95' },
  ZS: { names: ['钻石戒指', '钻石吊坠', '钻石耳钉'], pass: '天然钻石', fail: '合成立方氧化锆', weight: [0.3, 1.5], value: [5000, 50000], shape: '圆形明亮式', colour: 'H色', ri: '>1.78', density: '3.52' },
  CSBS: { names: ['红宝石戒指', '蓝宝石吊坠', '碧玺手链'], pass: '红宝石（天然）', fail: '合成红宝石', weight: [0.8, 5], value: [3000, 40000], shape: '椭圆刻面', colour: '红色', ri: '1.762-1.770', density: '4.00' },
  ZZ: { names: ['南洋金珠吊坠', '淡水珍珠项链', 'Akoya珍珠耳钉'], pass: '海水珍珠', fail: '仿珍珠（贝壳珠）', weight: [3, 40], value: [800, 20000], shape: '圆形', colour: '金色', ri: '1.53-1.68', density: '2.72' },
  HPML: { names: ['琥珀蜜蜡手串', '蜜蜡平安扣', '血珀吊坠'], pass: '琥珀', fail: '压制琥珀（再造）', weight: [8, 50], value: [600, 12000], shape: '圆珠', colour: '黄色', ri: '1.54', density: '1.08' },
  SJMN: { names: ['紫水晶手链', '南红玛瑙吊坠', '发晶手串'], pass: '水晶', fail: '玻璃（仿水晶）', weight: [10, 45], value: [200, 5000], shape: '圆珠', colour: '紫色', ri: '1.544-1.553', density: '2.66' },
  HJ: { names: ['足金999古法手镯', '足金转运珠', '足金项链'], pass: '足金999', fail: '金含量不足（K金）', weight: [2, 40], value: [1500, 30000], shape: '手镯', colour: '金黄色', ri: '', density: '', purity: '999‰' },
  BJ: { names: ['Pt950铂金项链', '铂金对戒'], pass: '铂金Pt950', fail: '镀铂（非足铂）', weight: [2, 12], value: [1000, 8000], shape: '链', colour: '银白色', ri: '', density: '', purity: 'Pt950' },
  YS: { names: ['925银手镯', '银饰足银项链'], pass: '银925', fail: '白铜镀银', weight: [8, 50], value: [200, 2000], shape: '手镯', colour: '银白色', ri: '', density: '', purity: 'S925' },
};

const surnames = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤'.split('');
const givens = ['伟', '芳', '娜', '秀英', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀兰', '霞', '平', '刚', '桂英', '文', '欣怡', '子涵', '浩然', '梓萱', '雨桐', '俊杰'];
const places = [
  ['北京市', '北京市', '朝阳区', '建国路88号SOHO现代城'],
  ['上海市', '上海市', '浦东新区', '世纪大道1198号'],
  ['广东省', '深圳市', '南山区', '科技园南区粤海街道'],
  ['广东省', '广州市', '天河区', '体育西路103号'],
  ['浙江省', '杭州市', '西湖区', '文三路478号'],
  ['江苏省', '南京市', '鼓楼区', '中山北路200号'],
  ['四川省', '成都市', '武侯区', '天府大道北段1700号'],
  ['湖北省', '武汉市', '洪山区', '珞喻路1037号'],
  ['山东省', '青岛市', '市南区', '香港中路76号'],
  ['福建省', '厦门市', '思明区', '湖滨南路388号'],
  ['河南省', '郑州市', '金水区', '花园路39号'],
  ['陕西省', '西安市', '雁塔区', '小寨东路126号'],
];
const carriersIn = ['顺丰速运', '中通快递', '圆通速递', '京东快递', 'EMS'];
const carriersOut = ['顺丰速运', '京东快递'];

/** mulberry32: a small seeded random generator, so the demo data is the same on every start. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    digits: (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join(''),
  };
}

const HOUR = 3600_000;

/** The path of events that leads to each final state (created first). */
const paths: Record<OrderStatus, OrderStatus[]> = {
  created: ['created'],
  awaiting_arrival: ['created', 'awaiting_arrival'],
  received: ['created', 'awaiting_arrival', 'received'],
  inspecting: ['created', 'awaiting_arrival', 'received', 'inspecting'],
  passed: ['created', 'awaiting_arrival', 'received', 'inspecting', 'passed'],
  failed: ['created', 'awaiting_arrival', 'received', 'inspecting', 'failed'],
  unable: ['created', 'awaiting_arrival', 'received', 'inspecting', 'unable'],
  bound: ['created', 'awaiting_arrival', 'received', 'inspecting', 'passed', 'bound'],
  shipped: ['created', 'awaiting_arrival', 'received', 'inspecting', 'passed', 'bound', 'shipped'],
  completed: ['created', 'awaiting_arrival', 'received', 'inspecting', 'passed', 'bound', 'shipped', 'completed'],
  intercepted: ['created', 'awaiting_arrival', 'received', 'inspecting', 'passed', 'intercepted'],
  return_pending: ['created', 'awaiting_arrival', 'received', 'inspecting', 'failed', 'return_pending'],
  returned: ['created', 'awaiting_arrival', 'received', 'inspecting', 'failed', 'return_pending', 'returned'],
  picked_up: ['created', 'awaiting_arrival', 'received', 'inspecting', 'unable', 'return_pending', 'picked_up'],
  cancelled: ['created', 'cancelled'],
};

/** How many orders of 翠玉轩珠宝 end in each state (200 in all; exactly two intercepted). */
const mainMix: [OrderStatus, number][] = [
  ['created', 14],
  ['awaiting_arrival', 18],
  ['received', 12],
  ['inspecting', 8],
  ['passed', 8],
  ['failed', 6],
  ['unable', 3],
  ['bound', 10],
  ['shipped', 30],
  ['completed', 65],
  ['intercepted', 2],
  ['return_pending', 5],
  ['returned', 6],
  ['picked_up', 3],
  ['cancelled', 10],
];
const secondMix: [OrderStatus, number][] = [
  ['created', 3],
  ['awaiting_arrival', 4],
  ['received', 2],
  ['inspecting', 1],
  ['passed', 2],
  ['bound', 2],
  ['shipped', 4],
  ['completed', 8],
  ['failed', 1],
  ['returned', 1],
  ['cancelled', 2],
];

const pendingShip: OrderStatus[] = ['created', 'awaiting_arrival', 'received', 'inspecting', 'passed', 'bound'];
const inspectedAfter = new Set<OrderStatus>(['passed', 'failed', 'unable']);

type OrderInsert = typeof testingOrders.$inferInsert;
type ItemInsert = typeof orderItems.$inferInsert;
type EventInsert = typeof orderEvents.$inferInsert;
type LedgerInsert = Omit<typeof ledgerEntries.$inferInsert, 'balanceAfter'> & { balanceAfter?: number };

interface Ctx {
  r: ReturnType<typeof rng>;
  now: Date;
  nextId: { order: number; item: number; ledger: number };
  daySeq: Map<string, number>;
  cats: Map<Cat, { id: number; unit: string }>;
  fees: Map<string, { fee: number; cert: number }>;
  certSeq: number;
  tagSeq: number;
  orders: OrderInsert[];
  items: ItemInsert[];
  events: EventInsert[];
  inspections: (typeof inspectionRecords.$inferInsert)[];
  certs: (typeof certificates.$inferInsert)[];
  bindings: (typeof codeBindings.$inferInsert)[];
  recs: (typeof recordings.$inferInsert)[];
  ledger: LedgerInsert[];
}

interface Who {
  merchantId: number;
  merchantName: string;
  shopId: number | null;
  centres: { id: number; code: string }[];
  inspector: { id: number; name: string };
  base: { id: number; name: string };
  trader: { id: number; name: string };
}

function buildOrders(c: Ctx, who: Who, mix: [OrderStatus, number][], opts: { videos: number }) {
  const { r, now } = c;
  const list: OrderStatus[] = mix.flatMap(([s, n]) => Array<OrderStatus>(n).fill(s));
  let videos = opts.videos;
  let interceptIdx = 0;
  for (const status of list) {
    const path = paths[status];
    // pending orders are recent (a few overdue); finished ones spread over the last 30 days
    const ageH = pendingShip.includes(status) ? r.int(1, status === 'created' || status === 'awaiting_arrival' ? 70 : 60) : r.int(60, 30 * 24 - 6);
    const createdAt = new Date(now.getTime() - ageH * HOUR - r.int(0, 59) * 60_000);
    const startTime = new Date(createdAt.getTime() - r.int(5, 90) * 60_000);
    const deadline = new Date(startTime.getTime() + 48 * HOUR);
    const day = chinaDayDigits(createdAt);
    const seq = (c.daySeq.get(day) ?? 0) + 1;
    c.daySeq.set(day, seq);
    const orderId = c.nextId.order++;
    const centre = who.centres.length > 1 && r.next() < 0.25 ? who.centres[1]! : who.centres[0]!;
    // event times: from creation, steps of a few hours, never in the future
    const times: Date[] = [createdAt];
    const room = now.getTime() - createdAt.getTime() - 5 * 60_000;
    const step = Math.max(60_000, Math.min(room / path.length, (status === 'shipped' || status === 'completed' ? 40 : 60) * HOUR / path.length));
    for (let k = 1; k < path.length; k++) {
      const extra = path[k] === 'completed' ? r.int(24, 72) * HOUR : 0;
      times.push(new Date(Math.min(times[k - 1]!.getTime() + step * (0.5 + r.next()) + extra, now.getTime() - (path.length - k) * 60_000)));
    }
    const at = (s: OrderStatus) => times[path.indexOf(s)] ?? null;
    const place = r.pick(places);
    const buyerName = r.pick(surnames) + r.pick(givens);
    const nItems = r.next() < 0.2 ? 2 : 1;
    const itemCats: Cat[] = Array.from({ length: nItems }, () => r.pick(['FC', 'FC', 'FC', 'HTY', 'ZS', 'HJ', 'HJ', 'CSBS', 'ZZ', 'HPML', 'SJMN', 'BJ', 'YS'] as const));
    const isIntercepted = status === 'intercepted';
    const interceptReason = isIntercepted ? (interceptIdx++ === 0 ? '买家申请退款' : '买家申请退货退款，商家已同意') : '';
    let declared = 0;
    const orderItemsPlanned = itemCats.map((cat, k) => {
      const g = goods[cat];
      const value = r.int(g.value[0], g.value[1]) * 100;
      declared += value;
      const w = g.weight[0] + r.next() * (g.weight[1] - g.weight[0]);
      // results: failed/unable orders have their first item failed/unable
      let result: 'pass' | 'fail' | 'unable' | null = null;
      const inspectedAt = path.find((s) => inspectedAfter.has(s));
      if (inspectedAt) result = inspectedAt === 'passed' ? 'pass' : k === 0 ? (inspectedAt === 'failed' ? 'fail' : 'unable') : 'pass';
      return { id: c.nextId.item++, cat, name: r.pick(g.names), weight: Math.round(w * (cat === 'ZS' || cat === 'CSBS' ? 100 : 10)) / (cat === 'ZS' || cat === 'CSBS' ? 100 : 10), value, result };
    });
    const orderNo = `JC${day}${String(seq).padStart(4, '0')}`;
    const reached = (s: OrderStatus) => path.includes(s);
    c.orders.push({
      id: orderId,
      orderNo,
      merchantId: who.merchantId,
      shopId: who.shopId,
      centreId: centre.id,
      platformOrderId: r.next() < 0.75 ? `69${r.digits(17)}` : null,
      buyerName,
      buyerPhone: `1${r.pick(['3', '5', '7', '8', '9'])}${r.digits(9)}`,
      buyerAddress: `${place[0]}${place[1]}${place[2]}${place[3]}${r.int(1, 30)}栋${r.int(1, 32)}0${r.int(1, 6)}室`,
      declaredValue: declared,
      inboundCarrier: reached('awaiting_arrival') ? r.pick(carriersIn) : '',
      inboundWaybill: reached('awaiting_arrival') ? `SF${r.digits(12)}` : '',
      outboundCarrier: reached('shipped') ? r.pick(carriersOut) : '',
      outboundWaybill: reached('shipped') ? `JD${r.digits(13)}` : '',
      startTime,
      shipDeadline: deadline,
      status,
      interceptReason,
      remark: r.next() < 0.1 ? '易碎品，请轻拿轻放' : '',
      createdBy: who.trader.id,
      createdAt,
      updatedAt: times[times.length - 1]!,
      statusChangedAt: times[times.length - 1]!,
      shippedAt: at('shipped'),
    });
    for (let k = 0; k < path.length; k++) {
      const to = path[k]!;
      const actor = to === 'created' || to === 'awaiting_arrival' || to === 'cancelled' ? { t: 'trader', ...who.trader } : to === 'intercepted' ? { t: 'base', ...who.base } : { t: 'qualityInspection', ...who.inspector };
      c.events.push({
        orderId,
        fromStatus: k === 0 ? null : path[k - 1]!,
        toStatus: to,
        actorType: actor.t,
        actorId: actor.id,
        actorName: actor.name,
        reason: to === 'cancelled' ? r.pick(['买家取消订单', '商家重复下单', '买家申请退款（未发货）']) : to === 'intercepted' ? interceptReason : to === 'awaiting_arrival' ? '商家已寄出' : '',
        createdAt: times[k]!,
      });
    }
    const inspectedTime = at('passed') ?? at('failed') ?? at('unable');
    const boundTime = at('bound');
    for (const it of orderItemsPlanned) {
      const cat = c.cats.get(it.cat)!;
      const fee = c.fees.get(`${centre.id}:${cat.id}:${who.merchantId}`) ?? c.fees.get(`${centre.id}:${cat.id}`)!;
      const g = goods[it.cat];
      let certificateNo: string | null = null;
      let boundCode: string | null = null;
      if (inspectedTime && it.result) {
        c.inspections.push({
          itemId: it.id,
          orderId,
          inspectorId: who.inspector.id,
          inspectorName: who.inspector.name,
          mass: String(it.weight),
          massUnit: cat.unit === 'ct' ? 'ct' : 'g',
          shape: g.shape,
          colour: g.colour,
          refractiveIndex: g.ri,
          density: g.density,
          magnification: it.result === 'pass' ? '可见天然包体' : it.result === 'fail' ? '可见充填物及酸蚀网纹' : '镶嵌遮挡，无法观察',
          purity: g.purity ?? '',
          conclusion: it.result === 'pass' ? g.pass : it.result === 'fail' ? g.fail : '无法检测（镶嵌遮挡）',
          result: it.result,
          remarks: '',
          createdAt: inspectedTime,
          updatedAt: inspectedTime,
        });
        c.ledger.push({ merchantId: who.merchantId, centreId: centre.id, orderId, itemId: it.id, type: 'INSPECTION', amount: -fee.fee, idempotencyKey: `INSPECTION:${it.id}`, operatorId: who.inspector.id, operatorName: who.inspector.name, note: `${orderNo} ${it.name}`, createdAt: inspectedTime });
        if (it.result === 'pass') {
          certificateNo = `${centre.code}${chinaDayDigits(inspectedTime)}${String(++c.certSeq).padStart(5, '0')}`;
          c.certs.push({
            certificateNo,
            itemId: it.id,
            orderId,
            conclusion: g.pass,
            fields: { 名称: it.name, 总质量: `${it.weight}${cat.unit}`, 形状: g.shape, 颜色: g.colour, 折射率: g.ri || null, 密度: g.density || null, 纯度: g.purity ?? null },
            issuedAt: inspectedTime,
            verifyCode: `V${r.digits(4)}${c.certSeq.toString(36).toUpperCase().padStart(5, '0')}`,
          });
          c.ledger.push({ merchantId: who.merchantId, centreId: centre.id, orderId, itemId: it.id, type: 'CERTIFICATE', amount: -fee.cert, idempotencyKey: `CERTIFICATE:${it.id}`, operatorId: who.inspector.id, operatorName: who.inspector.name, note: `${orderNo} ${it.name}`, createdAt: inspectedTime });
          if (boundTime) {
            boundCode = `T${String(++c.tagSeq + 88000000).padStart(9, '0')}`;
            c.bindings.push({ code: boundCode, itemId: it.id, orderId, merchantId: who.merchantId, boundAt: boundTime, boundBy: who.inspector.id, boundByName: who.inspector.name });
          }
        }
      }
      c.items.push({
        id: it.id,
        orderId,
        name: it.name,
        categoryId: cat.id,
        quantity: 1,
        weight: String(it.weight),
        declaredValue: it.value,
        result: it.result,
        certificateNo,
        boundCode,
        inspectionFee: it.result ? fee.fee : null,
        certificateFee: it.result === 'pass' ? fee.cert : null,
        createdAt,
      });
    }
    const received = at('received');
    if (videos > 0 && received && (status === 'completed' || status === 'shipped' || status === 'intercepted' || status === 'bound')) {
      videos--;
      c.recs.push({ orderId, kind: 'unboxing', fileKey: DEMO_VIDEO_KEY, fileName: `${orderNo}-开箱.mp4`, mime: 'video/mp4', size: 0, durationSeconds: 4, uploadedBy: who.inspector.id, uploadedByName: who.inspector.name, uploadedAt: received });
      const shipped = at('shipped');
      if (shipped) c.recs.push({ orderId, kind: 'packing', fileKey: DEMO_VIDEO_KEY, fileName: `${orderNo}-打包.mp4`, mime: 'video/mp4', size: 0, durationSeconds: 4, uploadedBy: who.inspector.id, uploadedByName: who.inspector.name, uploadedAt: shipped });
    }
  }
}

/** Running balances of a merchant's entries, oldest first; answers the final balance. */
function settle(entries: LedgerInsert[]): number {
  entries.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
  let bal = 0;
  for (const e of entries) {
    bal += e.amount;
    e.balanceAfter = bal;
  }
  return bal;
}

async function idOf(db: Db, table: typeof accounts | typeof merchants, where: ReturnType<typeof eq>) {
  const [row] = await db.select({ id: table.id, name: table.name }).from(table).where(where).limit(1);
  return row;
}

/**
 * Demo orders (docs/domain.md#demo): categories, fee rules, testing authorisations, ~200 orders of
 * 翠玉轩珠宝 and 30 of 金福珠宝 over the last 30 days in every state, with events, inspection records,
 * certificates, code bindings, recordings and a ledger whose sum is each merchant's balance
 * (翠玉轩 ¥500.00). Bulk inserts in one transaction.
 */
export async function seedOrders(database: Database, opts: { now?: Date } = {}): Promise<void> {
  const now = opts.now ?? new Date();
  await database.db.transaction(async (tx) => {
    const cuiyu = await idOf(tx, merchants, eq(merchants.mobile, '13800000001'));
    const jinfu = await idOf(tx, merchants, eq(merchants.mobile, '13800000002'));
    const centreRows = await tx.select({ id: centres.id, code: centres.code }).from(centres).where(inArray(centres.code, ['GZPY', 'SZSB']));
    const gz = centreRows.find((x) => x.code === 'GZPY');
    const sz = centreRows.find((x) => x.code === 'SZSB');

    const catRows = await tx
      .insert(gemCategories)
      .values(demoCategories.map((d, k) => ({ code: d.code, name: d.name, nameEn: d.nameEn, unit: d.unit, recordsPurity: d.purity, sort: k + 1, createdAt: now })))
      .returning({ id: gemCategories.id, code: gemCategories.code, unit: gemCategories.unit });
    if (!cuiyu || !jinfu || !gz || !sz) return; // the core seed's rows are missing: categories only

    const cats = new Map(catRows.map((x) => [x.code as Cat, { id: x.id, unit: x.unit }]));
    const fees = new Map<string, { fee: number; cert: number }>();
    const ruleRows: (typeof feeRules.$inferInsert)[] = [];
    for (const d of demoCategories) {
      const catId = cats.get(d.code)!.id;
      for (const [centre, extra] of [[gz, 0], [sz, 500]] as const) {
        fees.set(`${centre.id}:${catId}`, { fee: d.fee + extra, cert: d.cert });
        ruleRows.push({ centreId: centre.id, categoryId: catId, inspectionFee: d.fee + extra, certificateFee: d.cert, createdAt: now, updatedAt: now });
      }
    }
    // 翠玉轩's negotiated price for jade at 广州番禺
    const fcId = cats.get('FC')!.id;
    fees.set(`${gz.id}:${fcId}:${cuiyu.id}`, { fee: 2500, cert: 800 });
    ruleRows.push({ centreId: gz.id, categoryId: fcId, merchantId: cuiyu.id, inspectionFee: 2500, certificateFee: 800, createdAt: now, updatedAt: now });
    await tx.insert(feeRules).values(ruleRows);

    const manager = await idOf(tx, accounts, eq(accounts.mobile, '13600000001'));
    const day = 86_400_000;
    await tx.insert(testingAuthorisations).values([
      {
        merchantId: cuiyu.id,
        companyName: '广州翠玉轩珠宝有限公司',
        licenceNo: '91440113MA5CUIYU01',
        contactPerson: '王翠玉',
        contactMobile: '13800000001',
        returnAddress: '广东省广州市番禺区市桥街大北路88号翠玉轩珠宝',
        returnMethod: 'post',
        interceptPolicy: 'after_sales_first',
        status: 1,
        submittedAt: new Date(now.getTime() - 40 * day),
        reviewedBy: manager?.id ?? null,
        reviewedAt: new Date(now.getTime() - 39 * day),
      },
      {
        merchantId: jinfu.id,
        companyName: '深圳金福珠宝有限公司',
        licenceNo: '91440303MA5JINFU02',
        contactPerson: '李金福',
        contactMobile: '13800000002',
        returnAddress: '广东省深圳市罗湖区水贝二路12号金福珠宝',
        returnMethod: 'pickup',
        interceptPolicy: 'after_sales_first',
        status: 1,
        submittedAt: new Date(now.getTime() - 35 * day),
        reviewedBy: manager?.id ?? null,
        reviewedAt: new Date(now.getTime() - 34 * day),
      },
    ]);

    const person = async (mobile: string, userType: string) => {
      const [row] = await tx.select({ id: accounts.id, name: accounts.name }).from(accounts).where(sql`${accounts.mobile} = ${mobile} and ${accounts.userType} = ${userType}`).limit(1);
      return row ?? { id: 0, name: '' };
    };
    const inspector = await person('13900000001', 'qualityInspection');
    const base = await person('13700000001', 'base');
    const shopOf = async (merchantId: number) => (await tx.select({ id: shops.id }).from(shops).where(eq(shops.merchantId, merchantId)).limit(1))[0]?.id ?? null;
    const [maxOrder] = await tx.select({ n: sql<number>`coalesce(max(${testingOrders.id}), 0)::int` }).from(testingOrders);
    const [maxItem] = await tx.select({ n: sql<number>`coalesce(max(${orderItems.id}), 0)::int` }).from(orderItems);

    const c: Ctx = {
      r: rng(20261121),
      now,
      nextId: { order: (maxOrder?.n ?? 0) + 1, item: (maxItem?.n ?? 0) + 1, ledger: 0 },
      daySeq: new Map(),
      cats,
      fees,
      certSeq: 0,
      tagSeq: 0,
      orders: [],
      items: [],
      events: [],
      inspections: [],
      certs: [],
      bindings: [],
      recs: [],
      ledger: [],
    };
    buildOrders(c, { merchantId: cuiyu.id, merchantName: cuiyu.name, shopId: await shopOf(cuiyu.id), centres: [gz, sz], inspector, base, trader: { id: (await person('13800000001', 'trader')).id, name: cuiyu.name } }, mainMix, { videos: 6 });
    const mainLedger = c.ledger.splice(0);
    buildOrders(c, { merchantId: jinfu.id, merchantName: jinfu.name, shopId: await shopOf(jinfu.id), centres: [sz, gz], inspector, base, trader: { id: (await person('13800000002', 'trader')).id, name: jinfu.name } }, secondMix, { videos: 1 });
    const secondLedger = c.ledger.splice(0);

    // 翠玉轩: one correction (a wrong inspection charge reversed), a mid-month top-up, and an opening
    // top-up that makes the balance end at ¥500.00.
    const wrong = mainLedger.find((e) => e.type === 'INSPECTION')!;
    mainLedger.push({ ...wrong, type: 'REVERSAL', amount: -wrong.amount, idempotencyKey: 'REVERSAL:pending', note: `冲正：重复计费 ${wrong.note}`, createdAt: new Date(wrong.createdAt!.getTime() + 2 * HOUR), operatorName: '平台管理员', operatorId: manager?.id ?? null });
    const charges = mainLedger.reduce((s, e) => s + e.amount, 0);
    const opening = new Date(now.getTime() - 31 * day);
    const topUpOp = { operatorId: manager?.id ?? null, operatorName: '平台管理员' };
    mainLedger.push({ merchantId: cuiyu.id, type: 'TOP_UP', amount: 20_000, idempotencyKey: 'TOP_UP:demo-cuiyu-2', note: '商家充值（对公转账）', createdAt: new Date(now.getTime() - 12 * day), ...topUpOp });
    mainLedger.push({ merchantId: cuiyu.id, type: 'TOP_UP', amount: 50_000 - charges - 20_000, idempotencyKey: 'TOP_UP:demo-cuiyu-1', note: '开户充值', createdAt: opening, ...topUpOp });
    const secondCharges = secondLedger.reduce((s, e) => s + e.amount, 0);
    secondLedger.push({ merchantId: jinfu.id, type: 'TOP_UP', amount: 30_000 - secondCharges, idempotencyKey: 'TOP_UP:demo-jinfu-1', note: '开户充值', createdAt: opening, ...topUpOp });
    const mainBalance = settle(mainLedger);
    const secondBalance = settle(secondLedger);

    await tx.insert(testingOrders).values(c.orders);
    await tx.insert(orderItems).values(c.items);
    await tx.insert(orderEvents).values(c.events);
    if (c.inspections.length) await tx.insert(inspectionRecords).values(c.inspections);
    if (c.certs.length) await tx.insert(certificates).values(c.certs);
    if (c.bindings.length) await tx.insert(codeBindings).values(c.bindings);
    if (c.recs.length) await tx.insert(recordings).values(c.recs.map((x) => ({ ...x, size: DEMO_VIDEO_SIZE })));
    // the reversal names the entry it reverses: insert the others first
    const reversal = mainLedger.find((e) => e.type === 'REVERSAL')!;
    const rest = [...mainLedger, ...secondLedger].filter((e) => e !== reversal);
    const inserted = await tx
      .insert(ledgerEntries)
      .values(rest.map((e) => ({ ...e, balanceAfter: e.balanceAfter! })))
      .returning({ id: ledgerEntries.id, key: ledgerEntries.idempotencyKey });
    const reversedId = inserted.find((x) => x.key === wrong.idempotencyKey)!.id;
    await tx.insert(ledgerEntries).values({ ...reversal, balanceAfter: reversal.balanceAfter!, reversesId: reversedId, idempotencyKey: `REVERSAL:${reversedId}` });
    await tx.update(merchants).set({ balance: mainBalance }).where(eq(merchants.id, cuiyu.id));
    await tx.update(merchants).set({ balance: secondBalance }).where(eq(merchants.id, jinfu.id));

    const counters = [...c.daySeq.entries()].map(([d, last]) => ({ day: d, last }));
    await tx.insert(orderNoCounters).values(counters).onConflictDoUpdate({ target: orderNoCounters.day, set: { last: sql`greatest(${orderNoCounters.last}, excluded.last)` } });
    await tx.execute(sql`select setval(pg_get_serial_sequence('testing_orders', 'id'), (select max(id) from testing_orders))`);
    await tx.execute(sql`select setval(pg_get_serial_sequence('order_items', 'id'), (select max(id) from order_items))`);
  });
}

/** The demo recording committed beside this file (4 s, H.264 + AAC, 320×240). */
export const DEMO_VIDEO_FILE = fileURLToPath(new URL('./assets/sample-recording.mp4', import.meta.url));
const DEMO_VIDEO_SIZE = (() => {
  try {
    return fs.statSync(DEMO_VIDEO_FILE).size;
  } catch {
    return 0;
  }
})();
