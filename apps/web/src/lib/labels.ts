/**
 * value → label of one of the contract's `{ value, label }` lists, as an i18n block: the zh-CN texts
 * of statuses and types are the contract's own words, written once (en-US translates the keys).
 */
export function labelsByValue<V extends string>(list: readonly { value: V; label: string }[]): Record<V, string> {
  return Object.fromEntries(list.map((x) => [x.value, x.label])) as Record<V, string>;
}
