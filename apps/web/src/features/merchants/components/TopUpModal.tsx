import { Descriptions, Form, Input, Modal } from 'antd';
import { fenInCapitals, yuanToFen, type AdminMerchantRow } from '@gemqc/contract';
import { formatFen } from '../../../lib/money';
import { showErrorOnce } from '../../../lib/request';
import { ui } from '../../../lib/ui';
import { useTopUpMerchant } from '../api';
import { useAt } from '../i18n';
import { MAX_TOP_UP_FEN, TOP_UP_YUAN } from '../topUp';

interface TopUpValues {
  amount: string;
  note?: string;
}

/** 充值: one dialog per merchant; closing it forgets the request key, so the next opening books anew. */
export function TopUpModal({ merchant, onClose }: { merchant: AdminMerchantRow | null; onClose: () => void }) {
  // remounted for every opening: a new dialog gets a new request key
  return merchant ? <TopUpDialog key={merchant.id} merchant={merchant} onClose={onClose} /> : null;
}

function TopUpDialog({ merchant: m, onClose }: { merchant: AdminMerchantRow; onClose: () => void }) {
  const t = useAt();
  const [form] = Form.useForm<TopUpValues>();
  // the write's request key is made when this dialog first submits and kept until it succeeds:
  // a double click or a retry after a timeout sends the same key, a new opening a new one
  const topUp = useTopUpMerchant();
  // the amount in capitals as finance staff check it before confirming (壹佰元整)
  const typed = yuanToFen(Form.useWatch('amount', form) ?? '', TOP_UP_YUAN);
  const capitals = typed !== null && typed > 0 && typed <= MAX_TOP_UP_FEN ? fenInCapitals(typed) : '';

  const submit = (v: TopUpValues) => {
    const amount = yuanToFen(v.amount, TOP_UP_YUAN);
    if (amount === null) return;
    topUp.mutate(
      { id: m.id, amount, note: v.note?.trim() || undefined },
      {
        onSuccess: (r) => {
          ui().message.success(t(r.duplicate ? 'topUp.duplicate' : 'topUp.done', { balance: formatFen(r.balance) }));
          onClose();
        },
        onError: showErrorOnce,
      },
    );
  };

  return (
    <Modal
      open
      title={t('topUp.title', { name: m.name })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('topUp.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={topUp.isPending}
      destroyOnHidden
    >
      <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('topUp.current')}>{formatFen(m.balance)}</Descriptions.Item>
      </Descriptions>
      <Form<TopUpValues> form={form} layout="vertical" onFinish={submit} data-testid="topup-form">
        <Form.Item
          name="amount"
          label={t('topUp.amount')}
          extra={capitals ? <span data-testid="topup-capitals">{t('topUp.capitals', { text: capitals })}</span> : undefined}
          rules={[
            {
              required: true,
              validator: (_r, v: unknown) => {
                if (v === undefined || v === null || String(v).trim() === '') return Promise.reject(new Error(t('topUp.amountRequired')));
                const fen = yuanToFen(String(v), TOP_UP_YUAN);
                if (fen === null || fen <= 0) return Promise.reject(new Error(t('topUp.amountInvalid')));
                if (fen > MAX_TOP_UP_FEN) return Promise.reject(new Error(t('topUp.amountTooLarge')));
                return Promise.resolve();
              },
            },
          ]}
        >
          <Input prefix="¥" inputMode="decimal" autoFocus placeholder="0.00" aria-label={t('topUp.amount')} onPressEnter={() => form.submit()} />
        </Form.Item>
        <Form.Item name="note" label={t('topUp.note')}>
          <Input.TextArea rows={2} maxLength={200} showCount placeholder={t('topUp.notePlaceholder')} aria-label={t('topUp.note')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
