import { useEffect } from 'react';
import { Form, Input, Modal, Spin } from 'antd';
import { roleDescription, roleName, rolePermissionKeys, type AccountNamespace, type RoleRow } from '@gemqc/contract';
import { zodRule } from '../../../lib/formRules';
import { showErrorOnce } from '../../../lib/request';
import { usePermissionGroups, useSaveRole } from '../api';
import { useAt } from '../i18n';
import { PermissionTree } from './PermissionTree';

interface Values {
  name: string;
  description?: string;
  permissions?: string[];
}

/** Create or edit a role: name, description and its permissions from the portal's catalogue. */
export function RoleFormModal({
  ns,
  open,
  role,
  onClose,
  onSaved,
}: {
  ns: AccountNamespace;
  open: boolean;
  role: RoleRow | null;
  onClose: () => void;
  onSaved: (role: RoleRow) => void;
}) {
  const t = useAt();
  const [form] = Form.useForm<Values>();
  const groups = usePermissionGroups(ns, open);
  const save = useSaveRole(ns);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (role) form.setFieldsValue({ name: role.name, description: role.description, permissions: role.permissions });
  }, [open, role, form]);

  const submit = async () => {
    const v = await form.validateFields();
    try {
      const saved = await save.mutateAsync({ ...(role ? { id: role.id } : {}), name: v.name.trim(), description: (v.description ?? '').trim(), permissions: v.permissions ?? [] });
      onSaved(saved);
    } catch (e) {
      showErrorOnce(e);
    }
  };

  return (
    <Modal
      open={open}
      title={role ? t('roles.edit') : t('roles.create')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={save.isPending}
      width={640}
      forceRender
      data-testid="role-form"
    >
      <Form form={form} layout="vertical" autoComplete="off">
        <Form.Item name="name" label={t('roles.name')} required rules={[zodRule(roleName)]}>
          <Input maxLength={20} showCount data-testid="role-name" />
        </Form.Item>
        <Form.Item name="description" label={t('roles.description')} rules={[zodRule(roleDescription)]}>
          <Input.TextArea maxLength={100} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item name="permissions" label={t('roles.permissions')} required rules={[zodRule(rolePermissionKeys)]}>
          {groups.data ? <PermissionTree groups={groups.data} /> : <Spin />}
        </Form.Item>
      </Form>
    </Modal>
  );
}
