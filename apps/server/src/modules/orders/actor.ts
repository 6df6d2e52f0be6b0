import type { Db } from '../../db/client';
import type { Session } from '../../platform/sessions';
import { accountName } from './repo';
import type { Actor } from './stateMachine';

/** The signed-in caller as the actor of an order event. */
export async function actorOf(db: Db, session: Session): Promise<Actor> {
  return { type: session.userType, id: session.accountId, name: await accountName(db, session.accountId) };
}

/** The signed-in caller as the operator of a ledger entry. */
export async function operatorOf(db: Db, session: Session): Promise<{ id: number; name: string }> {
  return { id: session.accountId, name: await accountName(db, session.accountId) };
}
