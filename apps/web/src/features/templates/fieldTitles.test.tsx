import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { useLocalisedFields } from './fieldTitles';

const fields = [
  { name: 'orderNo', title: '订单号' },
  { name: 'items', title: '物品明细', columns: [{ name: 'itemName', title: '物品名称' }, { name: 'custom', title: '自定义' }] },
];

describe('template field titles in the session language', () => {
  afterEach(async () => {
    await i18n.changeLanguage('zh-CN');
  });

  it('keeps the catalogue’s Chinese titles in zh-CN', () => {
    const { result } = renderHook(() => useLocalisedFields(fields));
    expect(result.current).toBe(fields);
  });

  it('shows English titles (columns too) in en-US; a field it does not know keeps its title', async () => {
    await i18n.changeLanguage('en-US');
    const { result } = renderHook(() => useLocalisedFields(fields));
    expect(result.current.map((f) => f.title)).toEqual(['Order no.', 'Item list']);
    expect(result.current[1]!.columns).toEqual([
      { name: 'itemName', title: 'Item name' },
      { name: 'custom', title: '自定义' },
    ]);
    expect(result.current[0]!.name).toBe('orderNo');
  });
});
