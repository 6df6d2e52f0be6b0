import { Button, Form, Space, type FormInstance, type FormProps } from 'antd';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { SearchResetButtons } from './SearchResetButtons';
import { useLst } from './i18n';

type Props<V> = Omit<FormProps<V>, 'form' | 'onFinish' | 'onReset' | 'layout' | 'children'> & {
  form: FormInstance<V>;
  /** The filters as they stand in the URL; the form shows them again whenever they change. Leave out where the form alone holds them. */
  values?: V;
  onSearch: (values: V) => void;
  onReset: () => void;
  searchText: string;
  resetText: string;
  children: ReactNode;
  /** More buttons after 重置 (e.g. 导出). */
  extraButtons?: ReactNode;
  /**
   * The less used filters, behind 展开 (as ant-design-pro's query filter): usually a lazily loaded
   * component, so the list's first load fetches neither its code (the date picker's) nor its
   * options. Open from the start when `moreActive` (the URL holds one of them); once opened they
   * stay mounted, so 收起 hides them without dropping their values from the search.
   */
  more?: ReactNode;
  moreActive?: boolean;
};

/**
 * The filter bar of a list page: an inline form kept in step with the URL's filters, its fields,
 * then 搜索 (submit) and 重置 (clears the fields, then `onReset`).
 */
export function FilterForm<V extends object>({ form, values, onSearch, onReset, searchText, resetText, children, extraButtons, more, moreActive = false, ...rest }: Props<V>) {
  const t = useLst();
  const [expanded, setExpanded] = useState(moreActive);
  const [opened, setOpened] = useState(moreActive);
  useEffect(() => {
    if (!moreActive) return;
    setExpanded(true);
    setOpened(true);
  }, [moreActive]);

  useEffect(() => {
    if (values === undefined) return;
    form.resetFields();
    form.setFieldsValue(values as Parameters<FormInstance<V>['setFieldsValue']>[0]);
  }, [values, form]);

  return (
    <Form<V> form={form} layout="inline" onFinish={onSearch} {...rest}>
      {children}
      {more && opened && (
        <div className="filter-form__more" style={{ display: expanded ? 'contents' : 'none' }}>
          <Suspense fallback={null}>{more}</Suspense>
        </div>
      )}
      <Form.Item>
        <Space>
          <SearchResetButtons
            onReset={() => {
              form.resetFields();
              onReset();
            }}
            searchText={searchText}
            resetText={resetText}
          />
          {more && (
            <Button
              type="link"
              aria-expanded={expanded}
              onClick={() => {
                setOpened(true);
                setExpanded((v) => !v);
              }}
            >
              {expanded ? t('lessFilters') : t('moreFilters')}
              {expanded ? <UpOutlined /> : <DownOutlined />}
            </Button>
          )}
          {extraButtons}
        </Space>
      </Form.Item>
    </Form>
  );
}
