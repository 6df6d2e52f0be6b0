import type { Db } from '../db/client';
import type { Session, SessionOf } from './sessions';

/** Who makes a transition: a signed-in account of a portal, or the system (shop sync, seed). */
export type ActorType = 'trader' | 'qualityInspection' | 'base' | 'manage' | 'system';
export interface Actor {
  type: ActorType;
  id: number | null;
  name: string;
}
export const systemActor: Actor = { type: 'system', id: null, name: '系统' };

// The caller's name comes with the session (one read per request, platform/sessions.ts), so naming
// the actor costs no query of its own; `db` stays in the signature its many callers use.

/** The signed-in caller as the actor of an order event. */
export async function actorOf(_db: Db, session: Session): Promise<Actor> {
  return { type: session.userType, id: session.accountId, name: session.accountName };
}

/** The signed-in caller as the operator of a ledger entry. */
export async function operatorOf(_db: Db, session: Session): Promise<{ id: number; name: string }> {
  return { id: session.accountId, name: session.accountName };
}

/** A service centre's signed-in caller (质检端): the centre whose orders it may touch, and who acts. */
export interface CentreCaller {
  centreId: number;
  actor: Actor;
}

export async function centreCallerOf(db: Db, session: SessionOf<'qualityInspection'>): Promise<CentreCaller> {
  return { centreId: session.centreId, actor: await actorOf(db, session) };
}
