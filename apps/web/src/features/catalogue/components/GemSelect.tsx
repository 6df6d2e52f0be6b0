import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useGemName, useGemSearch, useGems } from '../api';

/**
 * 品类 of an order item: all categories to pick from, and typing searches them on the server by
 * name or code (`GET /merchant/v1/Testing/gemPage`), so a long catalogue stays quick to use.
 */
export function GemSelect({ value, onChange, id, placeholder }: { value?: string; onChange?: (v: string) => void; id?: string; placeholder?: string }) {
  const all = useGems();
  const gemName = useGemName();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setKeyword(typed.trim()), 250); // one request per pause, not per key
    return () => window.clearTimeout(timer);
  }, [typed]);
  const found = useGemSearch(keyword);
  const options = useMemo(() => {
    const list = keyword ? (found.data?.list ?? []) : (all.data ?? []);
    const picked = all.data?.find((g) => g.id === value);
    // the chosen category keeps its label while a search shows others
    const withPicked = picked && !list.some((g) => g.id === picked.id) ? [picked, ...list] : list;
    return withPicked.map((g) => ({ value: g.id, label: gemName(g) }));
  }, [keyword, found.data, all.data, value, gemName]);

  return (
    <Select
      id={id}
      value={value}
      onChange={(v: string) => {
        setTyped('');
        onChange?.(v);
      }}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      placeholder={placeholder}
      loading={all.isPending || (keyword !== '' && found.isFetching)}
      options={options}
      onBlur={() => setTyped('')}
    />
  );
}
