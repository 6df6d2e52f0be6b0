import type { FormRule as Rule } from 'antd';
import i18n from '../i18n';

/** The part of a zod schema a form rule needs (the contract's schemas are zod). */
export interface SafeParser {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly { message: string }[] } };
}

/**
 * An antd Form rule from a contract field schema: the server validates with the same schema, so
 * the form shows the contract's zh-CN message; other languages show `fallback` when given.
 */
export function zodRule(schema: SafeParser, fallback?: string): Rule {
  return {
    // a field the schema refuses empty is required: antd then marks its label with the asterisk
    // (the validator below still decides, with the contract's message)
    required: !schema.safeParse('').success,
    validator: (_rule, value: unknown) => {
      const r = schema.safeParse(value === undefined || value === null ? '' : value);
      if (r.success) return Promise.resolve();
      const msg = r.error.issues[0]?.message ?? '';
      return Promise.reject(new Error(i18n.language === 'zh-CN' || !fallback ? msg : fallback));
    },
  };
}

/** Trim strings in a form's values before they are sent (spec §5: mobiles are trimmed). */
export function trimValues<T extends object>(values: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) out[k] = typeof v === 'string' ? v.trim() : v;
  return out as T;
}
