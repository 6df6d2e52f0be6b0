import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { OrderDetail } from '@gemqc/contract';
import { setLanguage } from '../../../i18n';
import { installDomShims } from '../../../test/utils';
import { mt } from '../i18n';
import { InspectionFieldList, OrderItemsCard, type DetailKeys } from './OrderDetailParts';
import { photoSrc } from '../../photos';

type Inspection = OrderDetail['inspections'][number];

const URLS = ['/publics/v1/Inspection/photo?key=photos%2F1%2Fa.jpg&exp=1&sig=ab', '/publics/v1/Inspection/photo?key=photos%2F1%2Fb.png&exp=1&sig=cd'];

function ins(over: Partial<Inspection> = {}): Inspection {
  return {
    item_id: '11',
    inspector_name: '李质检',
    mass: 35.2,
    mass_unit: 'g',
    shape: '圆镯',
    colour: '浅绿',
    refractive_index: '1.66',
    density: '',
    magnification: '',
    purity: '',
    conclusion: '天然翡翠（A货）',
    result: 'pass',
    result_text: '合格',
    remarks: '',
    photos: ['photos/1/a.jpg', 'photos/1/b.png'],
    photo_urls: URLS,
    created_at: new Date().toISOString(),
    ...over,
  };
}

const keys: DetailKeys = {
  category: 'orders.category',
  declaredValue: 'detail.declaredValue',
  certificates: 'detail.certificate',
  verify: 'detail.verifyCode',
  codeState: 'codes.state',
  bound: 'codes.bound',
  unbound: 'codes.unbound',
};
const t = (k: string, o?: Record<string, unknown>) => mt(k, o);
const thumbs = () => screen.getAllByRole('img', { name: /^检测照片 \d$/ });

describe('inspection photos in the item result', () => {
  beforeAll(installDomShims);
  afterEach(async () => {
    cleanup();
    await act(() => setLanguage('zh-CN'));
  });

  it('shows each photo as a thumbnail from its signed link (under /api) and opens the preview on a click', async () => {
    render(<InspectionFieldList ins={ins()} t={t} />);
    expect(screen.getByText('检测照片')).toBeTruthy();
    expect(thumbs().map((i) => i.getAttribute('src'))).toEqual(URLS.map((u) => `/api${u}`));
    expect(screen.getByText('圆镯')).toBeTruthy(); // the measured fields stay

    fireEvent.click(thumbs()[1]!);
    // antd's preview opens on the clicked photo, within a group that pages through both
    await waitFor(() => expect(document.querySelector('.ant-image-preview')).toBeTruthy());
    const previewImg = document.querySelector<HTMLImageElement>('.ant-image-preview img');
    expect(previewImg?.getAttribute('src')).toBe(`/api${URLS[1]}`);
    expect(document.querySelector('.ant-image-preview')?.textContent).toContain('2 / 2');
  });

  it('no photos (or an older answer without photo_urls): no photo block; English texts in en-US', async () => {
    const view = render(<InspectionFieldList ins={ins({ photos: [], photo_urls: [] })} t={t} />);
    expect(screen.queryByTestId('inspection-photos')).toBeNull();
    view.unmount();
    const { photo_urls: _omit, ...older } = ins();
    render(<InspectionFieldList ins={older} t={t} />);
    expect(screen.queryByTestId('inspection-photos')).toBeNull();
    cleanup();

    await act(() => setLanguage('en-US'));
    render(<InspectionFieldList ins={ins()} t={t} />);
    expect(screen.getByText('Inspection photos')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: /^Inspection photo \d$/ })).toHaveLength(2);
  });

  it('the items card of the order detail shows them in the expanded result row', async () => {
    const d = {
      items: [
        { id: '11', name: '冰种翡翠手镯', category_id: '1', category_name: '翡翠', unit: 'g', quantity: 1, weight: 35.2, declared_value: 800000, result: 'pass', result_text: '合格', certificate_no: null, bound_code: null, inspection_fee: null, certificate_fee: null },
      ],
      inspections: [ins()],
      certificates: [],
    } as unknown as OrderDetail;
    render(<OrderItemsCard d={d} t={t} keys={keys} renderResult={(r) => r} />);
    expect(screen.queryByTestId('inspection-photos')).toBeNull();
    fireEvent.click(document.querySelector('.ant-table-row-expand-icon')!);
    await waitFor(() => expect(screen.getByTestId('inspection-photos')).toBeTruthy());
    expect(thumbs()).toHaveLength(2);
  });

  it('photoSrc puts a server-relative url under /api and leaves others alone', () => {
    expect(photoSrc('/publics/v1/Inspection/photo?key=k')).toBe('/api/publics/v1/Inspection/photo?key=k');
    expect(photoSrc('/api/x')).toBe('/api/x');
    expect(photoSrc('https://cdn.example/x.jpg')).toBe('https://cdn.example/x.jpg');
  });
});
