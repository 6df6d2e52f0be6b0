import { useEffect } from 'react';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { accountName, accountPassword, mobile, roleId, type AccountNamespace, type SubAccount } from '@gemqc/contract';
import { zodRule } from '../../../lib/formRules';
import { showErrorOnce } from '../../../lib/request';
import { useRoleOptions, useSaveAccount } from '../api';
import { useAt } from '../i18n';

interface Values {
  mobile?: string;
  name: string;
  role_id?: string;
  password?: string;
}

export interface AccountFormModalProps {
  ns: AccountNamespace;
  open: boolean;
  /** null: create; else the sub-account being edited. */
  account: SubAccount | null;
  onClose: () => void;
  onSaved: (account: SubAccount, created: boolean) => void;
  /** Where the "create a role" hint leads (omitted: no link). */
  onGoRoles?: () => void;
}

/** Create (mobile, name, role, initial password) or edit (name, role) a sub-account. */
export function AccountFormModal({ ns, open, account, onClose, onSaved, onGoRoles }: AccountFormModalProps) {
  const t = useAt();
  const [form] = Form.useForm<Values>();
  const roles = useRoleOptions(ns, open);
  const save = useSaveAccount(ns);
  const creating = account === null;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (account) form.setFieldsValue({ name: account.name, role_id: account.role_id ?? undefined, mobile: account.mobile });
  }, [open, account, form]);

  const submit = async () => {
    const v = await form.validateFields();
    const body = creating
      ? { mobile: (v.mobile ?? '').trim(), name: v.name.trim(), role_id: v.role_id ?? '', password: v.password ?? '' }
      : { id: account.id, name: v.name.trim(), role_id: v.role_id ?? '' };
    try {
      const saved = await save.mutateAsync(body);
      onSaved(saved, creating);
    } catch (e) {
      showErrorOnce(e);
    }
  };

  const noRoles = roles.isSuccess && roles.data.length === 0;
  return (
    <Modal
      open={open}
      title={creating ? t('accounts.create') : t('accounts.edit')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={save.isPending}
      forceRender
      data-testid="account-form"
    >
      {noRoles && (
        <Alert
          type="warning"
          showIcon
          className="acc-form-alert"
          title={t('accounts.noRoles')}
          action={onGoRoles ? <a onClick={onGoRoles}>{t('accounts.goRoles')}</a> : undefined}
        />
      )}
      <Form form={form} layout="vertical" requiredMark autoComplete="off">
        <Form.Item
          name="mobile"
          label={t('accounts.mobile')}
          required={creating}
          rules={creating ? [zodRule(mobile)] : []}
          extra={creating ? undefined : t('accounts.mobileFixed')}
        >
          <Input maxLength={11} disabled={!creating} inputMode="numeric" data-testid="account-mobile" />
        </Form.Item>
        <Form.Item name="name" label={t('accounts.name')} required rules={[zodRule(accountName)]}>
          <Input maxLength={20} showCount data-testid="account-name" />
        </Form.Item>
        <Form.Item name="role_id" label={t('accounts.role')} required rules={[zodRule(roleId)]}>
          <Select options={roles.data ?? []} loading={roles.isLoading} showSearch optionFilterProp="label" placeholder={t('accounts.role')} data-testid="account-role" />
        </Form.Item>
        {creating && (
          <Form.Item name="password" label={t('accounts.password')} required rules={[zodRule(accountPassword)]} extra={t('accounts.passwordHint')}>
            <Input.Password maxLength={64} autoComplete="new-password" data-testid="account-password" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
