import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authApi, catalogueApi, merchantsApi, ordersApi } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/apiKit';

let t: TestApp;
let cuiyu: ReturnType<typeof caller>;
let newbie: ReturnType<typeof caller>;
let admin: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  cuiyu = caller(t, await t.login('trader', '13800000001'));
  newbie = caller(t, await t.login('trader', '13800000003'));
  admin = caller(t, await t.login('manage', '13600000001'));
});
afterAll(async () => t.close());

const form = {
  company_name: '杭州新商户珠宝有限公司',
  licence_no: '91330106ma2newbie',
  contact_person: '张新',
  contact_mobile: '13800000003',
  return_address: '浙江省杭州市西湖区文三路478号',
  return_method: 'post',
  intercept_policy: 'after_sales_first',
};

async function smsCode(mobile: string): Promise<string> {
  t.clock.advanceSeconds(61);
  const sent = await caller(t, '').call(authApi.smsSend, { mobile, user_type: 'testing_auth' });
  expect(sent.code).toBe(1000);
  return (await t.lastSmsCode(mobile))!;
}

describe('testing authorisation (authInfo, authAdd) and its review', () => {
  it('answers status_id 1 for an approved merchant and -1 with empty fields when not submitted', async () => {
    expect((await cuiyu.call(merchantsApi.authInfo)).data).toMatchObject({ status_id: 1, status_text: '已通过', company_name: '广州翠玉轩珠宝有限公司' });
    expect((await newbie.call(merchantsApi.authInfo)).data).toMatchObject({ status_id: -1, reason: '', company_name: '' });
  });

  it('refuses a wrong SMS code and bad fields, with messages', async () => {
    await smsCode('13800000003');
    expect((await newbie.call(merchantsApi.authAdd, { ...form, verify_code: '000000' })).msg).toMatch(/验证码错误/);
    expect((await newbie.call(merchantsApi.authAdd, { ...form, licence_no: '123', verify_code: '123456' })).msg).toBe('营业执照号为15-18位数字或大写字母（统一社会信用代码）');
    expect((await newbie.call(merchantsApi.authAdd, { ...form, return_method: 'drone', verify_code: '123456' })).msg).toBe('请选择退回方式');
    expect((await newbie.call(merchantsApi.authAdd, { ...form, verify_code: '12' })).msg).toBe('验证码为6位数字');
    expect((await newbie.call(merchantsApi.authInfo)).data.status_id).toBe(-1);
  });

  it('submits with the SMS code (status 0), is rejected with a reason, resubmits, and once approved may create orders', async () => {
    const sub = await newbie.call(merchantsApi.authAdd, { ...form, verify_code: await smsCode('13800000003') });
    expect(sub.code).toBe(1000);
    expect(sub.data).toMatchObject({ status_id: 0, licence_no: '91330106MA2NEWBIE', contact_mobile: '13800000003' });
    expect((await newbie.call(merchantsApi.authAdd, { ...form, verify_code: await smsCode('13800000003') })).msg).toBe('检测信息正在审核中，请耐心等待审核结果');

    const list = await admin.call(merchantsApi.list, { auth_status_id: 0 });
    const row = list.data.list.find((x) => x.mobile === '13800000003')!;
    expect(row.auth_status_text).toBe('审核中');
    expect((await admin.call(merchantsApi.review, { id: row.id, status_id: 2 })).msg).toBe('驳回时请填写原因');
    const rej = await admin.call(merchantsApi.review, { id: row.id, status_id: 2, reason: '营业执照照片不清晰' });
    expect(rej.data).toEqual({ id: row.id, auth_status_id: 2, auth_status_text: '已驳回' });
    expect((await newbie.call(merchantsApi.authInfo)).data).toMatchObject({ status_id: 2, reason: '营业执照照片不清晰' });
    expect((await admin.call(merchantsApi.review, { id: row.id, status_id: 1 })).msg).toContain('不是待审核状态');

    expect((await newbie.call(merchantsApi.authAdd, { ...form, verify_code: await smsCode('13800000003') })).data.status_id).toBe(0);
    expect((await admin.call(merchantsApi.review, { id: row.id, status_id: 1 })).data.auth_status_id).toBe(1);
    expect((await newbie.call(merchantsApi.authInfo)).data).toMatchObject({ status_id: 1, reason: '' });

    const stations = (await newbie.call(catalogueApi.stationList)).data;
    const gems = (await newbie.call(catalogueApi.gemList)).data;
    const created = await newbie.call(ordersApi.merchant.create, {
      centre_id: stations[0]!.id,
      buyer_name: '李先生',
      buyer_phone: '13700001111',
      buyer_address: '浙江省杭州市西湖区文三路100号',
      items: [{ name: '和田玉手串', category_id: gems[1]!.id }],
    });
    expect(created.code).toBe(1000);
    expect((await newbie.call(merchantsApi.authAdd, { ...form, verify_code: await smsCode('13800000003') })).msg).toContain('已审核通过');
  });

  it('answers 1004 when reviewing a merchant that does not exist and refuses a merchant without a submission', async () => {
    expect((await admin.call(merchantsApi.review, { id: '999999', status_id: 1 })).code).toBe(1004);
    const list = await admin.call(merchantsApi.list, { keyword: '金福' });
    expect(list.data.list[0]!.auth_status_id).toBe(1);
  });

  it('answers 403 without a session', async () => {
    expect((await caller(t, '').call(merchantsApi.authInfo)).code).toBe(403);
  });
});
