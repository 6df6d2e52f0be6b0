import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { setLanguage } from '../../i18n';
import { installDomShims, renderAt, stubApi } from '../../test/utils';
import VerifyPage from './pages/VerifyPage';

const VERIFY = '/publics/v1/Certificate/verify';

const certificate = {
  certificate_no: 'GZPY2026112100042',
  verify_code: 'V8K2M9Q4',
  item_name: '冰种翡翠手镯',
  category_name: '翡翠',
  conclusion: '翡翠（A货）',
  result: 'pass',
  result_text: '合格',
  mass: 52.36,
  mass_unit: 'g',
  shape: '圆形',
  colour: '绿色',
  refractive_index: '1.66',
  density: '3.33',
  magnification: '',
  purity: '',
  fields: { 名称: '冰种翡翠手镯' },
  centre_name: '广州番禺检测中心',
  issued_at: '2026-11-21T08:30:00.000Z',
  photo_urls: [] as string[],
};

const open = (code: string) => renderAt(`/verify/${code}`, [{ path: '/verify/:code', element: <VerifyPage /> }]);

describe('public certificate page /verify/:code', () => {
  beforeAll(installDomShims);
  afterEach(async () => {
    await act(() => setLanguage('zh-CN'));
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('asks the server for the code without a session and shows the conclusion and measured fields', async () => {
    const fetch = stubApi({ [VERIFY]: { code: 1000, data: certificate } });
    open('V8K2M9Q4');
    expect(await screen.findByText('翡翠（A货）')).toBeTruthy();
    expect(screen.getByText('合格')).toBeTruthy();
    expect(screen.getByText('GZPY2026112100042')).toBeTruthy();
    expect(screen.getByText('52.36 克')).toBeTruthy();
    expect(screen.getByText('1.66')).toBeTruthy();
    expect(screen.getByText('本证书由 广州番禺检测中心 出具，真实有效')).toBeTruthy();
    // empty fields are left out
    expect(screen.queryByText('纯度')).toBeNull();
    const [url, init] = fetch.mock.calls.find(([u]) => String(u).includes(VERIFY))!;
    expect(new URL(String(url), 'http://localhost').searchParams.get('code')).toBe('V8K2M9Q4');
    expect(new Headers(init?.headers).get('authorization')).toBeNull();
  });

  it('shows the item photos as thumbnails from the signed links (none: no photo block)', async () => {
    const urls = ['/publics/v1/Inspection/photo?key=photos%2F11%2Fa.jpg&exp=1&sig=ab', '/publics/v1/Inspection/photo?key=photos%2F11%2Fb.png&exp=1&sig=cd'];
    stubApi({ [VERIFY]: { code: 1000, data: { ...certificate, photo_urls: urls } } });
    const view = open('V8K2M9Q4');
    expect(await screen.findByText('检测照片')).toBeTruthy();
    const imgs = screen.getAllByRole('img', { name: /^检测照片 \d$/ });
    expect(imgs.map((i) => i.getAttribute('src'))).toEqual(urls.map((u) => `/api${u}`));
    view.unmount();

    stubApi({ [VERIFY]: { code: 1000, data: certificate } });
    open('V8K2M9Q4');
    await screen.findByText('翡翠（A货）');
    expect(screen.queryByTestId('verify-photos')).toBeNull();
  });

  it('switches to English', async () => {
    stubApi({ [VERIFY]: { code: 1000, data: certificate } });
    open('V8K2M9Q4');
    await screen.findByText('翡翠（A货）');
    fireEvent.change(screen.getByLabelText('语言'), { target: { value: 'en-US' } });
    expect(await screen.findByText('Certificate check')).toBeTruthy();
    expect(screen.getByText('Pass')).toBeTruthy();
    expect(screen.getByText('52.36 g')).toBeTruthy();
    expect(screen.getByText('Refractive index')).toBeTruthy();
  });

  it('an unknown code shows "not found" with the code', async () => {
    stubApi({ [VERIFY]: { code: 1004, msg: '未查询到该证书，请核对标签上的查询码' } });
    open('VNOSUCH1');
    expect(await screen.findByText('未查询到该证书')).toBeTruthy();
    expect(screen.getByText(/VNOSUCH1/)).toBeTruthy();
  });

  it('a network failure offers to try again', async () => {
    const fetch = stubApi({ [VERIFY]: 'network' });
    open('V8K2M9Q4');
    expect(await screen.findByText('查询失败')).toBeTruthy();
    stubApi({ [VERIFY]: { code: 1000, data: certificate } });
    fireEvent.click(screen.getByRole('button', { name: '重新查询' }));
    expect(await screen.findByText('翡翠（A货）')).toBeTruthy();
    expect(fetch).toHaveBeenCalled();
  });
});
