import type { z } from 'zod';

/** The first message of a zod schema for one field value ('' counts as missing), or null. */
export function fieldError(schema: z.ZodType, value: unknown): string | null {
  const v = typeof value === 'string' && value.trim() === '' ? undefined : value;
  const r = schema.safeParse(v);
  return r.success ? null : (r.error.issues[0]?.message ?? 'invalid');
}

/**
 * An antd Form rule with the login form's check (fieldError): the contract schema's message, a
 * blank value counting as missing, so an empty 手机号 reads 请输入手机号 as on the login form rather
 * than the format message lib/formRules' zodRule gives for ''.
 */
export function fieldRule(schema: z.ZodType) {
  return {
    // refused empty → required: antd marks the label with its asterisk
    required: fieldError(schema, '') !== null,
    validator: (_rule: unknown, value: unknown) => {
      const err = fieldError(schema, value ?? '');
      return err === null ? Promise.resolve() : Promise.reject(new Error(err));
    },
  };
}
