import { Form, Space, type FormInstance, type FormProps } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { SearchResetButtons } from './SearchResetButtons';

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
};

/**
 * The filter bar of a list page: an inline form kept in step with the URL's filters, its fields,
 * then 搜索 (submit) and 重置 (clears the fields, then `onReset`).
 */
export function FilterForm<V extends object>({ form, values, onSearch, onReset, searchText, resetText, children, extraButtons, ...rest }: Props<V>) {
  useEffect(() => {
    if (values === undefined) return;
    form.resetFields();
    form.setFieldsValue(values as Parameters<FormInstance<V>['setFieldsValue']>[0]);
  }, [values, form]);

  return (
    <Form<V> form={form} layout="inline" onFinish={onSearch} {...rest}>
      {children}
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
          {extraButtons}
        </Space>
      </Form.Item>
    </Form>
  );
}
