import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { installDomShims, renderAt, stubApi, type Answer } from '../../test/utils';
import { useTagsViewStore } from '../../lib/tagsView';
import CheckOrderPage from './pages/CheckOrderPage';

const AUTH = '/merchant/v1/Testing/authInfo';

const info = (status_id: number) => ({
  code: 1000,
  data: {
    status_id,
    status_text: '',
    reason: '',
    company_name: '',
    licence_no: '',
    contact_person: '',
    contact_mobile: '',
    return_address: '',
    return_method: '',
    intercept_policy: '',
    submitted_at: null,
    reviewed_at: null,
  },
});

const lists: Record<string, Answer> = {
  '/merchant/v1/Testing/stationList': { code: 1000, data: [{ id: '1', name: '广州番禺检测中心', code: 'GZPY', address: '广州', contact: '王', mobile: '13700000001', return_address: '' }] },
  '/merchant/v1/Testing/gemList': { code: 1000, data: [{ id: '1', code: 'FC', name: '翡翠', unit: 'g', records_purity: false }] },
  '/merchant/v1/Shop/list': { code: 1000, data: { list: [], total: 0, page: 1, page_size: 100 } },
};

function open() {
  return renderAt('/trader/order/checkOrder', [
    { path: '/trader/order/checkOrder', element: <CheckOrderPage /> },
    { path: '/trader/order/checkInfo', element: <div>CHECK-INFO-PAGE</div> },
  ]);
}

describe('checkOrder gate (spec §4 "Merchant authorisation gate")', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends a merchant whose authorisation was never submitted (status_id -1) to checkInfo', async () => {
    const fetch = stubApi({ [AUTH]: info(-1), ...lists });
    // the shell adds a tab for the URL before the gate decides; a gated checkOrder leaves none behind
    useTagsViewStore.getState().addView({ path: '/trader/order/list', fullPath: '/trader/order/list', title: 'orderList', affix: false, noCache: false });
    useTagsViewStore.getState().addView({ path: '/trader/order/checkOrder', fullPath: '/trader/order/checkOrder', title: 'checkOrder', affix: false, noCache: false });
    open();
    expect(await screen.findByText('CHECK-INFO-PAGE')).toBeTruthy();
    expect(fetch.mock.calls.some(([u]) => String(u).includes(AUTH))).toBe(true);
    expect(useTagsViewStore.getState().visitedViews.map((v) => v.path)).toEqual(['/trader/order/list']);
    useTagsViewStore.getState().reset();
  });

  it('sends the merchant to checkInfo when the authInfo call fails with an error code', async () => {
    stubApi({ [AUTH]: { code: 1500, msg: '服务器错误' }, ...lists });
    open();
    expect(await screen.findByText('CHECK-INFO-PAGE')).toBeTruthy();
  });

  it('sends the merchant to checkInfo when the authInfo call fails on the network', async () => {
    stubApi({ [AUTH]: 'network', ...lists });
    open();
    expect(await screen.findByText('CHECK-INFO-PAGE')).toBeTruthy();
  });

  it('opens the order form for an approved merchant, without the review warning', async () => {
    stubApi({ [AUTH]: info(1), ...lists });
    open();
    expect(await screen.findByText('新建检测订单')).toBeTruthy();
    expect(screen.queryByText('CHECK-INFO-PAGE')).toBeNull();
    expect(screen.queryByText('待审核')).toBeNull();
  });

  it('opens the form for a merchant under review too (only -1 and failures are gated), with a warning', async () => {
    stubApi({ [AUTH]: info(0), ...lists });
    open();
    expect(await screen.findByText('新建检测订单')).toBeTruthy();
    expect(screen.getByText('待审核')).toBeTruthy();
  });

  it('shows neither the form nor checkInfo before authInfo answers', async () => {
    let release: (v: Response) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((r) => (release = r))));
    open();
    expect(screen.getByTestId('gate-wait')).toBeTruthy();
    expect(screen.queryByText('新建检测订单')).toBeNull();
    release(new Response(JSON.stringify(info(-1)), { headers: { 'content-type': 'application/json' } }));
    await waitFor(() => expect(screen.getByText('CHECK-INFO-PAGE')).toBeTruthy());
  });
});
