import { Button } from 'antd';

/** 查询 (primary) and 重置, the two buttons that end every filter bar. */
export function SearchResetButtons({ onSearch, onReset, searchText, resetText }: { onSearch?: () => void; onReset: () => void; searchText: string; resetText: string }) {
  return (
    <>
      <Button type="primary" htmlType={onSearch ? 'button' : 'submit'} onClick={onSearch}>
        {searchText}
      </Button>
      <Button onClick={onReset}>{resetText}</Button>
    </>
  );
}
