import { beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider, Form } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import { installDomShims } from '../features/orders/test-utils';
import { LazyRangePicker } from './LazyRangePicker';

function Filter({ initial }: { initial?: unknown }) {
  return (
    <ConfigProvider locale={zhCN}>
      <Form initialValues={{ dates: initial }}>
        <Form.Item name="dates" label="下单时间">
          <LazyRangePicker allowEmpty={[true, true]} style={{ width: 250 }} />
        </Form.Item>
      </Form>
    </ConfigProvider>
  );
}

describe('LazyRangePicker', () => {
  beforeAll(installDomShims);

  it('shows the closed range picker (开始日期 → 结束日期, antd classes) before its code has loaded', () => {
    const { container } = render(<Filter />);
    const root = container.querySelector('.ant-picker.ant-picker-range.ant-picker-outlined');
    expect(root).not.toBeNull();
    expect(screen.getByPlaceholderText('开始日期')).toHaveAttribute('id', 'dates');
    expect(screen.getByPlaceholderText('结束日期')).toBeInTheDocument();
    expect(root!.querySelector('.ant-picker-suffix .anticon-calendar')).not.toBeNull();
    // the label points at the start field, as with antd's picker
    expect(screen.getByLabelText('下单时间')).toBe(screen.getByPlaceholderText('开始日期'));
  });

  it('swaps in the real picker, focused, when a field is clicked', async () => {
    render(<Filter />);
    const start = screen.getByPlaceholderText('开始日期');
    fireEvent.mouseDown(start);
    act(() => start.focus());
    fireEvent.click(start);
    await waitFor(() => expect(screen.getByPlaceholderText('开始日期')).not.toBe(start), { timeout: 15_000 });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByPlaceholderText('开始日期')));
  });

  it('shows dates the form already holds (from the URL) in the real picker', async () => {
    render(<Filter initial={[dayjs('2026-11-01'), dayjs('2026-11-20')]} />);
    await waitFor(() => expect(screen.getByPlaceholderText('开始日期')).toHaveValue('2026-11-01'), { timeout: 15_000 });
    expect(screen.getByPlaceholderText('结束日期')).toHaveValue('2026-11-20');
  });
});
