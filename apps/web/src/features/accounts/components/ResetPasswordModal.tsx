import { useEffect } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { accountPassword, type AccountNamespace, type SubAccount } from '@gemqc/contract';
import { zodRule } from '../../../lib/formRules';
import { showErrorOnce } from '../../../lib/request';
import { useResetPassword } from '../api';
import { useAt } from '../i18n';

/** Sets a new password for a sub-account (the server signs it out everywhere). */
export function ResetPasswordModal({ ns, account, onClose }: { ns: AccountNamespace; account: SubAccount | null; onClose: () => void }) {
  const t = useAt();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string }>();
  const reset = useResetPassword(ns);

  useEffect(() => {
    if (account) form.resetFields();
  }, [account, form]);

  const submit = async () => {
    if (!account) return;
    const v = await form.validateFields();
    try {
      await reset.mutateAsync({ id: account.id, password: v.password });
      void message.success(t('accounts.resetDone'));
      onClose();
    } catch (e) {
      showErrorOnce(e);
    }
  };

  return (
    <Modal
      open={account !== null}
      title={account ? t('accounts.resetTitle', { name: account.name }) : ''}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={reset.isPending}
      forceRender
    >
      <Form form={form} layout="vertical" autoComplete="off">
        <Form.Item name="password" label={t('accounts.newPassword')} required rules={[zodRule(accountPassword)]} extra={t('accounts.passwordHint')}>
          <Input.Password maxLength={64} autoComplete="new-password" data-testid="reset-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
