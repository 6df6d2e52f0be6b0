import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../test/utils';
import { lazyRetry } from '../lib/lazyRetry';
import { FilterForm } from './FilterForm';

interface V {
  order_no?: string;
  shop?: string;
}

let loads = 0;
const More = lazyRetry(async () => {
  loads++;
  return {
    default: () => (
      <Form.Item name="shop" label="店铺">
        <Input />
      </Form.Item>
    ),
  };
});

function Harness({ values, onSearch, moreActive = false }: { values: V; onSearch: (v: V) => void; moreActive?: boolean }) {
  const [form] = Form.useForm<V>();
  return (
    <FilterForm<V> form={form} values={values} onSearch={onSearch} onReset={() => undefined} searchText="查询" resetText="重置" more={<More />} moreActive={moreActive}>
      <Form.Item name="order_no" label="订单号">
        <Input />
      </Form.Item>
    </FilterForm>
  );
}

describe('filter bar with 展开', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    loads = 0;
  });

  it('loads the less used filters only when opened, and 收起 keeps their values in the search', async () => {
    const onSearch = vi.fn();
    render(<Harness values={{}} onSearch={onSearch} />);
    expect(screen.queryByLabelText('店铺')).toBeNull();
    expect(loads).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: /展开/ }));
    fireEvent.change(await screen.findByLabelText('店铺'), { target: { value: '抖店一号' } });
    fireEvent.click(screen.getByRole('button', { name: /收起/ }));
    expect(screen.getByRole('button', { name: /展开/ }).getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ shop: '抖店一号' })));
  });

  it('opens at once when the URL holds one of them, showing its value', async () => {
    render(<Harness values={{ shop: '抖店二号' }} onSearch={() => undefined} moreActive />);
    expect(((await screen.findByLabelText('店铺')) as HTMLInputElement).value).toBe('抖店二号');
    expect(screen.getByRole('button', { name: /收起/ })).toBeTruthy();
  });
});
