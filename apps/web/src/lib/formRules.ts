import type { z } from 'zod';

/** An antd Form rule (a missing value is checked as '') that checks the value with a contract zod schema and shows its message. */
export function zodRule(schema: z.ZodType) {
  return {
    validator: (_rule: unknown, value: unknown) => {
      const v = value === undefined || value === null ? '' : value;
      const r = schema.safeParse(v);
      return r.success ? Promise.resolve() : Promise.reject(new Error(r.error.issues[0]?.message ?? 'invalid'));
    },
  };
}
