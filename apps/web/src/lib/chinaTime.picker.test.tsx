import { fireEvent, render, screen } from '@testing-library/react';
import { ConfigProvider, DatePicker } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../test/utils';
import './chinaTime';

installDomShims();
afterEach(() => vi.useRealTimers());

describe('date and time pickers start from China’s clock', () => {
  it('此刻 fills China’s date and time, not the browser’s', async () => {
    // 00:30 UTC on the 29th is 08:30 in China (the test runs in the machine's zone, here UTC)
    vi.useFakeTimers({ now: Date.parse('2026-11-28T16:30:00Z'), toFake: ['Date'] });
    render(
      <ConfigProvider locale={zhCN}>
        <DatePicker showTime open aria-label="开始时间" />
      </ConfigProvider>,
    );
    fireEvent.click(await screen.findByText('此刻'));
    expect((screen.getByLabelText('开始时间') as HTMLInputElement).value).toBe('2026-11-29 00:30:00');
  });
});
