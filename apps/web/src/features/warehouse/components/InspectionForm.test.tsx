import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { IntakeScanData } from '@gemqc/contract';
import { installDomShims, renderAt, stubApi } from '../../../test/utils';
import { setUi } from '../../../lib/ui';
import { bodiesOf, fakeUi, item, signInOwner } from '../../../test/warehouseFixtures';
import { InspectionForm } from './InspectionForm';

const SUBMIT = '/warehouse/v1/Inspection/submit';
const UPLOAD = '/api/warehouse/v1/Inspection/photoUpload';
type Inspection = IntakeScanData['inspections'][number];

const signed = (key: string) => `/publics/v1/Inspection/photo?key=${encodeURIComponent(key)}&exp=1&sig=ab`;
const OLD = 'photos/11/aaaaaaaaaaaaaaaaaaaaaaaa.jpg';
const NEW = 'photos/11/bbbbbbbbbbbbbbbbbbbbbbbb.png';

function inspection(over: Partial<Inspection> = {}): Inspection {
  return {
    item_id: '21',
    inspector_name: '李质检',
    mass: 52.3,
    mass_unit: 'g',
    shape: '圆镯',
    colour: '浅绿',
    refractive_index: '1.66',
    density: '3.33',
    magnification: '',
    purity: '',
    conclusion: '翡翠（A货）',
    result: 'pass',
    result_text: '合格',
    remarks: '',
    photos: [OLD],
    photo_urls: [signed(OLD)],
    created_at: new Date().toISOString(),
    ...over,
  };
}

/** A stand-in for XMLHttpRequest: records what is sent; the test drives progress and the answer. */
class FakeXhr {
  static all: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  aborted = false;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k.toLowerCase()] = v;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  answer(env: unknown) {
    this.status = 200;
    this.responseText = JSON.stringify(env);
    act(() => this.onload?.());
  }
}

const form = () => screen.getByTestId('inspection-form-21');
const fileInput = () => form().querySelector<HTMLInputElement>('input[type="file"]')!;
const pick = (...files: File[]) => fireEvent.change(fileInput(), { target: { files } });
const photoItems = () => Array.from(form().querySelectorAll('.ant-upload-list-item-container'));
/** The remove action of a photo in the list (antd's title: Remove file / 删除文件). */
const removeButton = (el: Element) => within(el as HTMLElement).getAllByRole('button', { hidden: true }).find((b) => /remove|删除/i.test(b.getAttribute('title') ?? ''))!;
const png = (name = 'b.png') => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], name, { type: 'image/png' });

function open(ins: Inspection | undefined) {
  return renderAt('/w', [{ path: '/w', element: <InspectionForm item={item({ result: ins ? 'pass' : null })} inspection={ins} onDone={() => undefined} /> }]);
}

describe('InspectionForm 照片', () => {
  beforeAll(installDomShims);
  beforeEach(() => {
    signInOwner();
    FakeXhr.all = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setUi(null);
  });

  it('lists the recorded photos, uploads a picked one raw with progress, and submits the keys in list order', async () => {
    const ui = fakeUi();
    const fetch = stubApi({ [SUBMIT]: { code: 1000, data: { charged: 0, pending_items: 0 } } });
    open(inspection());
    expect(within(form()).getByText('照片')).toBeTruthy();
    expect(within(form()).getByText('最多 9 张，支持 JPG、PNG、WebP')).toBeTruthy();
    // the recorded photo shows as a thumbnail from its signed link
    await waitFor(() => expect(photoItems()).toHaveLength(1));
    expect(photoItems()[0]!.querySelector('img')?.getAttribute('src')).toBe(`/api${signed(OLD)}`);
    expect(fileInput().getAttribute('accept')).toBe('image/jpeg,image/png,image/webp');

    pick(png());
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    const xhr = FakeXhr.all[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`${UPLOAD}?item_id=21`);
    expect(xhr.headers['content-type']).toBe('image/png');
    expect(xhr.headers.authorization).toBeUndefined(); // no token in this test's storage
    expect(xhr.body).toBeInstanceOf(File);
    expect((xhr.body as File).name).toBe('b.png');
    await waitFor(() => expect(photoItems()).toHaveLength(2));
    expect(photoItems()[1]!.className + photoItems()[1]!.innerHTML).toContain('uploading');

    // submitting while it uploads is held back with a message
    fireEvent.click(screen.getByRole('button', { name: '提交结果' }));
    await waitFor(() => expect(ui.message.warning).toHaveBeenCalledWith('照片正在上传，请上传完成后再提交'));
    expect(bodiesOf(fetch, SUBMIT)).toEqual([]);

    xhr.progress(50, 100);
    await waitFor(() => expect(form().querySelector('.ant-progress')).toBeTruthy());
    xhr.answer({ code: 1000, msg: 'success', data: { key: NEW, url: signed(NEW), mime: 'image/png', size: 8 } });
    await waitFor(() => expect(photoItems()[1]!.querySelector('img')?.getAttribute('src')).toBe(`/api${signed(NEW)}`));

    fireEvent.click(screen.getByRole('button', { name: '提交结果' }));
    await waitFor(() => expect(bodiesOf(fetch, SUBMIT)).toHaveLength(1));
    expect(bodiesOf(fetch, SUBMIT)[0]).toMatchObject({ item_id: '21', conclusion: '翡翠（A货）', result: 'pass', photos: [OLD, NEW] });
  });

  it('a removed photo is not submitted; a wrong type is refused before sending; leaving the form stops an upload in flight', async () => {
    const ui = fakeUi();
    const fetch = stubApi({ [SUBMIT]: { code: 1000, data: { charged: 0, pending_items: 0 } } });
    const view = open(inspection());
    await waitFor(() => expect(photoItems()).toHaveLength(1));

    pick(new File(['GIF89a'], 'x.gif', { type: 'image/gif' }));
    await waitFor(() => expect(ui.message.error).toHaveBeenCalledWith('只能上传 JPG、PNG 或 WebP 格式的照片'));
    expect(FakeXhr.all).toHaveLength(0);
    expect(photoItems()).toHaveLength(1);

    pick(png('c.png'));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    FakeXhr.all[0]!.answer({ code: 1000, msg: 'success', data: { key: NEW, url: signed(NEW), mime: 'image/png', size: 8 } });
    await waitFor(() => expect(photoItems()[1]?.querySelector('img')?.getAttribute('src')).toBe(`/api${signed(NEW)}`));
    // remove both: the recorded one and the new one
    for (const el of [...photoItems()].reverse()) fireEvent.click(removeButton(el));
    await waitFor(() => expect(photoItems()).toHaveLength(0));

    fireEvent.click(screen.getByRole('button', { name: '提交结果' }));
    await waitFor(() => expect(bodiesOf(fetch, SUBMIT)).toHaveLength(1));
    expect(bodiesOf(fetch, SUBMIT)[0]).toMatchObject({ item_id: '21', photos: [] });

    pick(png('d.png'));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(2));
    view.unmount();
    expect(FakeXhr.all[1]!.aborted).toBe(true);
  });

  it('a refused upload shows the server’s message and blocks the submit until removed; a new item sends photos: []', async () => {
    const ui = fakeUi();
    const fetch = stubApi({ [SUBMIT]: { code: 1000, data: { charged: 3000, pending_items: 1 } } });
    open(undefined);
    pick(png());
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    FakeXhr.all[0]!.answer({ code: 1001, msg: '照片不能超过 10 MB，请压缩后再上传', data: null });
    await waitFor(() => expect(ui.message.error).toHaveBeenCalledWith('照片不能超过 10 MB，请压缩后再上传', 3));
    await waitFor(() => expect(form().querySelector('.ant-upload-list-item-error')).toBeTruthy());

    fireEvent.change(screen.getByLabelText('检测结论'), { target: { value: '和田玉' } });
    fireEvent.click(screen.getByRole('radio', { name: '合格' }));
    fireEvent.click(screen.getByRole('button', { name: '提交结果' }));
    await waitFor(() => expect(ui.message.warning).toHaveBeenCalledWith('有照片上传失败，请删除后再提交'));
    expect(bodiesOf(fetch, SUBMIT)).toEqual([]);

    fireEvent.click(removeButton(photoItems()[0]!));
    await waitFor(() => expect(photoItems()).toHaveLength(0));
    fireEvent.click(screen.getByRole('button', { name: '提交结果' }));
    await waitFor(() => expect(bodiesOf(fetch, SUBMIT)).toHaveLength(1));
    expect(bodiesOf(fetch, SUBMIT)[0]).toMatchObject({ item_id: '21', conclusion: '和田玉', result: 'pass', photos: [] });
  });
});
