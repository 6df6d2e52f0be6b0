import type { Db } from '../../db/client';
import type { Session } from '../../platform/sessions';
import { insertFeedback } from './repo';

export async function addFeedback(db: Db, session: Session, body: { content: string; contact?: string; page_url?: string }, now: Date): Promise<{ id: string }> {
  const id = await insertFeedback(db, {
    userType: session.userType,
    accountId: session.accountId,
    merchantId: session.merchantId,
    centreId: session.centreId,
    content: body.content,
    contact: body.contact ?? '',
    pageUrl: body.page_url ?? '',
    now,
  });
  return { id: String(id) };
}
