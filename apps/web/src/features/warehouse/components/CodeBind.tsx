import { Button, Form, Input, Modal, Tag, Typography, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { codeUnbindBody, tagCode, type IntakeScanData } from '@gemqc/contract';
import { showErrorOnce } from '../../../lib/request';
import { ui } from '../../../lib/ui';
import { fmtDateTime } from '../../orders';
import { zodRule } from '../../../lib/formRules';
import { useBindCode, useUnbindCode } from '../../codes';
import { useRefreshAll } from '../api';
import { useWt } from '../i18n';
import { ResponsiveTable } from '../../../components/ResponsiveTable';

type Item = IntakeScanData['items'][number];
type Code = IntakeScanData['codes'][number];

/**
 * Scan a tag code for a passed item; Enter binds it. A refused code (malformed, or refused by the
 * server, e.g. bound to another item) stays in the box fully selected, so the next scan replaces it
 * instead of being appended to it; a bound code clears the box.
 */
export function CodeBindBox({
  item,
  onBound,
  focusRequested = false,
  onFocused,
}: {
  item: Item;
  /** After a successful bind (the workbench moves the focus on). */
  onBound: (code: string) => void;
  /** The workbench wants the next scan here (the item's result was just saved as passed). */
  focusRequested?: boolean;
  onFocused?: () => void;
}) {
  const t = useWt();
  const input = useRef<InputRef>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const bind = useBindCode(useRefreshAll());

  useEffect(() => {
    if (!focusRequested) return;
    input.current?.focus({ cursor: 'all' });
    onFocused?.();
  }, [focusRequested, onFocused]);

  const refuse = () => input.current?.focus({ cursor: 'all' });

  const submit = () => {
    const r = tagCode.safeParse(value);
    if (!r.success) {
      setError(r.error.issues[0]?.message ?? '');
      refuse();
      return;
    }
    setError('');
    bind.mutate(
      { item_id: item.id, code: r.data },
      {
        onSuccess: (d) => {
          void ui().message.success(t('code.bound', { code: d.binding.code, item: item.name }));
          setValue('');
          onBound(d.binding.code);
        },
        onError: (e) => {
          showErrorOnce(e);
          refuse();
        },
      },
    );
  };

  return (
    <div>
      <Typography.Text strong style={{ marginInlineEnd: 8 }}>
        {t('code.title')}
      </Typography.Text>
      <Input.Search
        status={error ? 'error' : undefined}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          if (error) setError('');
        }}
        onSearch={(_v, _e, info) => {
          if (info?.source !== 'clear') submit();
        }}
        enterButton={t('code.bind')}
        loading={bind.isPending}
        placeholder={t('code.placeholder')}
        ref={input}
        aria-label={`${t('code.label')} ${item.name}`}
        data-testid={`code-input-${item.id}`}
        style={{ maxWidth: 420 }}
      />
      {error && (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 4 }}>
          {error}
        </Typography.Text>
      )}
    </div>
  );
}

const reasonSchema = codeUnbindBody.shape.reason;

/** The order's tag records; a bound code may be unbound (with a reason) until the whole order is bound. */
export function CodeRecords({ codes, canUnbind, onDone }: { codes: Code[]; canUnbind: boolean; onDone: () => void }) {
  const t = useWt();
  const [target, setTarget] = useState<Code | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const unbind = useUnbindCode(useRefreshAll());

  const confirm = async () => {
    if (!target) return;
    const { reason } = await form.validateFields();
    unbind.mutate(
      { id: target.id, reason: reason.trim() },
      {
        onSuccess: () => {
          void ui().message.success(t('code.unbound', { code: target.code }));
          setTarget(null);
          form.resetFields();
          onDone();
        },
        onError: showErrorOnce,
      },
    );
  };

  return (
    <>
      <ResponsiveTable<Code>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={codes}
        locale={{ emptyText: t('code.none') }}
        scroll={{ x: 640 }}
        columns={[
          { title: t('code.label'), dataIndex: 'code', render: (v: string) => <span className="mono">{v}</span> },
          { title: t('item.name'), dataIndex: 'item_name' },
          { title: t('code.boundAt'), dataIndex: 'bound_at', render: fmtDateTime },
          { title: t('code.operator'), dataIndex: 'bound_by_name' },
          {
            title: t('code.state'),
            dataIndex: 'state',
            render: (v: string) => <Tag color={v === 'bound' ? 'success' : 'default'}>{t(v === 'bound' ? 'code.stateBound' : 'code.stateUnbound')}</Tag>,
          },
          ...(canUnbind
            ? [
                {
                  title: t('common.actions'),
                  key: 'actions',
                  render: (_: unknown, r: Code) =>
                    r.state === 'bound' ? (
                      <Button size="small" danger onClick={() => setTarget(r)}>
                        {t('code.unbind')}
                      </Button>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={!!target}
        title={target ? t('code.unbindTitle', { code: target.code }) : ''}
        okText={t('code.unbindOk')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true, loading: unbind.isPending }}
        onOk={() => void confirm().catch(() => undefined)}
        onCancel={() => {
          setTarget(null);
          form.resetFields();
        }}
        destroyOnHidden
      >
        <p>{t('code.unbindHint')}</p>
        <Form form={form} layout="vertical" onFinish={() => void confirm().catch(() => undefined)}>
          <Form.Item name="reason" label={t('code.reason')} rules={[zodRule(reasonSchema)]}>
            <Input autoFocus placeholder={t('code.reasonPlaceholder')} maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
