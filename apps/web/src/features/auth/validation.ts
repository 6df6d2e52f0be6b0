import type { z } from 'zod';

/** The first message of a zod schema for one field value ('' counts as missing), or null. */
export function fieldError(schema: z.ZodType, value: unknown): string | null {
  const v = typeof value === 'string' && value.trim() === '' ? undefined : value;
  const r = schema.safeParse(v);
  return r.success ? null : (r.error.issues[0]?.message ?? 'invalid');
}
