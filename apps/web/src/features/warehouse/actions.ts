/** Which workbench actions an order's state allows (the server checks again and explains a refusal). */

/** Results may be recorded after intake and edited while the order is still inspecting. */
export const INSPECTABLE = new Set(['received', 'inspecting']);
/** A submitted result may be amended (with a reason) once inspection is complete, until the goods leave the centre. */
export const AMENDABLE = new Set(['passed', 'failed', 'unable', 'bound', 'intercepted', 'return_pending']);
/**
 * Tag codes are bound to the items of a passed order (every item passed; the server refuses a bind
 * while the order is still inspecting) until each has one (the order is then bound).
 */
export const BINDABLE = new Set(['passed']);
/** A wrong or broken tag may be unbound (and replaced) until the order ships. */
export const UNBINDABLE = new Set(['inspecting', 'passed', 'bound']);
/** Recordings belong to goods at the centre: from intake until they leave it. */
export const RECORDABLE = new Set(['received', 'inspecting', 'passed', 'failed', 'unable', 'bound', 'intercepted', 'return_pending']);
/** Goods that go back to the merchant. */
export const RETURNABLE = new Set(['failed', 'unable', 'intercepted', 'return_pending']);

export function canShip(status: string): boolean {
  return status === 'bound';
}

/** The recording kind that fits the order's stage (the inspector may pick another). */
export function defaultRecordingKind(status: string): 'unboxing' | 'inspection' | 'packing' {
  if (status === 'received') return 'unboxing';
  if (status === 'bound') return 'packing';
  return 'inspection';
}
