import { z } from 'zod';
import { endpoint } from './common';

/** Feedback a signed-in user sends from the header (意见反馈); the manager reads it. */
export const feedbackBody = z.object({
  content: z.string({ error: '请输入反馈内容' }).trim().min(1, { error: '请输入反馈内容' }).max(1000, { error: '反馈内容不能超过1000个字' }),
  contact: z.string({ error: '联系方式格式不正确' }).trim().max(50, { error: '联系方式不能超过50个字' }).optional(),
  page_url: z.string({ error: '页面地址格式不正确' }).max(500, { error: '页面地址过长' }).optional(),
});

export const feedbackApi = {
  merchant: endpoint({ method: 'POST', path: '/merchant/feedback/add', summary: 'Feedback from a merchant', idempotent: true, body: feedbackBody, data: z.object({ id: z.string() }) }),
  center: endpoint({ method: 'POST', path: '/center/feedback/add', summary: 'Feedback from any other user type', idempotent: true, body: feedbackBody, data: z.object({ id: z.string() }) }),
};
