import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { feedbackBody } from '@gemqc/contract';
import type { PortalType } from '../../../lib/storage';
import { useFeedback, type FeedbackBody } from '../api';
import { showErrorOnce } from '../../../lib/request';
import { zodRule } from '../../../lib/formRules';

/** Feedback: traders post to the merchant endpoint, others to the centre endpoint. */
export function FeedbackDialog({ open, onClose, userType }: { open: boolean; onClose: () => void; userType: PortalType | null }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { pathname } = useLocation();
  const feedback = useFeedback(userType);
  const [form] = Form.useForm<FeedbackBody>();
  const submit = async () => {
    // the form shows what is missing; a refused validation is not an error (nor an error-log entry)
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    feedback.mutate(
      { content: v.content.trim(), contact: v.contact?.trim() || undefined, page_url: pathname },
      {
        onSuccess: () => {
          message.success(t('feedback.success'));
          form.resetFields();
          onClose();
        },
        onError: showErrorOnce,
      },
    );
  };
  return (
    <Modal
      open={open}
      title={t('feedback.title')}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={feedback.isPending}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="content" label={t('feedback.content')} rules={[zodRule(feedbackBody.shape.content)]}>
          <Input.TextArea rows={5} maxLength={1000} showCount placeholder={t('feedback.contentPlaceholder')} />
        </Form.Item>
        <Form.Item name="contact" label={t('feedback.contact')} rules={[zodRule(feedbackBody.shape.contact)]}>
          <Input maxLength={50} placeholder={t('feedback.contactPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
