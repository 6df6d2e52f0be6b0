import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, ConfigProvider, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpoint, idempotencyKey, IDEMPOTENCY_KEY_HEADER } from '@gemqc/contract';
import { z } from 'zod';
import { installDomShims } from '../test/utils';
import { callApi } from './request';
import { ANTD_BUTTON_CONFIG } from './ui';
import { newRequestKey, useWrite, type WriteAttempt } from './useWrite';

/** A write whose answers the test releases one at a time. */
function deferredWrite() {
  const calls: { vars: unknown; key: string; resolve: (v: string) => void; reject: (e: Error) => void }[] = [];
  const fn = vi.fn(
    (vars: unknown, attempt: WriteAttempt) =>
      new Promise<string>((resolve, reject) => {
        calls.push({ vars, key: attempt.idempotencyKey, resolve, reject });
      }),
  );
  return { fn, calls };
}

function withClient(children: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <ConfigProvider button={ANTD_BUTTON_CONFIG}>
      <QueryClientProvider client={qc}>{children}</QueryClientProvider>
    </ConfigProvider>,
  );
}

function SaveButton({ write, vars = { id: '1' } }: { write: (v: unknown, a: WriteAttempt) => Promise<string>; vars?: unknown }) {
  const w = useWrite({ mutationFn: write });
  return (
    <Button type="primary" loading={w.isPending} onClick={() => w.mutate(vars)}>
      保存
    </Button>
  );
}

/** The 新建检测订单 shape: a form whose submit button runs validation before the write. */
function SubmitForm({ write }: { write: (v: unknown, a: WriteAttempt) => Promise<string> }) {
  const w = useWrite({ mutationFn: write });
  const [form] = Form.useForm<{ name: string }>();
  return (
    <Form form={form} initialValues={{ name: '冰种翡翠手镯' }} onFinish={(v) => w.mutate(v)}>
      <Form.Item name="name" rules={[{ required: true, message: '请输入物品名称' }]}>
        <Input />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={w.isPending}>
        提交
      </Button>
    </Form>
  );
}

/** The button by its text (a loading button's name also holds its spinner's label). */
const button = (text: string) => screen.getByRole('button', { name: new RegExp(text) });

describe('useWrite: every button that writes shows its pending state and cannot be pressed again until the answer', () => {
  beforeAll(installDomShims);
  afterEach(() => vi.unstubAllGlobals());

  it('a double click sends one write; the button shows loading until the answer, then writes again', async () => {
    const { fn, calls } = deferredWrite();
    withClient(<SaveButton write={fn} />);
    fireEvent.click(button('保存'));
    fireEvent.click(button('保存'));
    await waitFor(() => expect(button('保存')).toHaveClass('ant-btn-loading'));
    fireEvent.click(button('保存'));
    expect(fn).toHaveBeenCalledTimes(1);
    await act(async () => calls[0]!.resolve('ok'));
    await waitFor(() => expect(button('保存')).not.toHaveClass('ant-btn-loading'));
    fireEvent.click(button('保存'));
    await waitFor(() => expect(fn).toHaveBeenCalledTimes(2));
    // a new submission after a success carries a new request key
    expect(calls[1]!.key).not.toBe(calls[0]!.key);
  });

  it('a form sent again while its write is on its way (Enter in a field submits past the loading button) sends one write', async () => {
    const { fn, calls } = deferredWrite();
    withClient(<SubmitForm write={fn} />);
    fireEvent.click(button('提交'));
    fireEvent.click(button('提交'));
    await waitFor(() => expect(fn).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(button('提交')).toHaveClass('ant-btn-loading'));
    // Enter in a field: the form submits (and validates) again although its button shows loading
    fireEvent.submit(screen.getByRole('textbox').closest('form')!);
    await new Promise((r) => setTimeout(r, 100));
    expect(fn).toHaveBeenCalledTimes(1);
    expect(calls[0]!.vars).toEqual({ name: '冰种翡翠手镯' });
  });

  it('a retry after a failure keeps the request key; the key passes the contract’s rule', async () => {
    const { fn, calls } = deferredWrite();
    withClient(<SaveButton write={fn} />);
    fireEvent.click(button('保存'));
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]!.reject(new Error('timeout')));
    await waitFor(() => expect(button('保存')).not.toHaveClass('ant-btn-loading'));
    fireEvent.click(button('保存'));
    await waitFor(() => expect(fn).toHaveBeenCalledTimes(2));
    expect(calls[1]!.key).toBe(calls[0]!.key);
    expect(idempotencyKey.safeParse(calls[0]!.key).success).toBe(true);
  });

  it('does not hold up a write with other variables (another row)', async () => {
    const { fn } = deferredWrite();
    function Rows() {
      const w = useWrite({ mutationFn: fn });
      return (
        <>
          <Button onClick={() => w.mutate({ id: 'a' })}>停用甲</Button>
          <Button onClick={() => w.mutate({ id: 'b' })}>停用乙</Button>
        </>
      );
    }
    withClient(<Rows />);
    fireEvent.click(button('停用甲'));
    fireEvent.click(button('停用甲'));
    fireEvent.click(button('停用乙'));
    await waitFor(() => expect(fn).toHaveBeenCalledTimes(2));
    expect(fn.mock.calls.map((c) => c[0])).toEqual([{ id: 'a' }, { id: 'b' }]);
  });

  it('mutateAsync: the repeat does nothing, the first press gets the answer', async () => {
    const { fn, calls } = deferredWrite();
    let run: ((v: unknown) => Promise<string>) | null = null;
    function Grab() {
      const w = useWrite({ mutationFn: fn });
      run = w.mutateAsync;
      return null;
    }
    withClient(<Grab />);
    const seen: string[] = [];
    void run!({ id: 1 }).then((v) => seen.push(`first:${v}`));
    void run!({ id: 1 }).then((v) => seen.push(`repeat:${v}`));
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]!.resolve('JC001'));
    await waitFor(() => expect(seen).toEqual(['first:JC001']));
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('callApi sends the key as the contract’s Idempotency-Key header', async () => {
    const fetch = vi.fn(async (_u: RequestInfo | URL, _i?: RequestInit) => new Response(JSON.stringify({ code: 1000, msg: 'ok', data: null }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const ep = endpoint({ method: 'POST', path: '/x/create', summary: 'x', idempotent: true, body: z.object({}), data: z.null() });
    const key = newRequestKey();
    await callApi(ep, { body: {}, idempotencyKey: key });
    expect((fetch.mock.calls[0]![1]!.headers as Record<string, string>)[IDEMPOTENCY_KEY_HEADER]).toBe(key);
    await callApi(ep, { body: {} });
    expect((fetch.mock.calls[1]![1]!.headers as Record<string, string>)[IDEMPOTENCY_KEY_HEADER]).toBeUndefined();
  });
});
