/**
 * scroll-into-view-if-needed for antd Form's scrollToField (and scrollToFirstError), loaded when a
 * form first scrolls to a field; the scroll then runs a moment later. Forms that never scroll to
 * a field (filter bars, the login form) do not load it.
 */
let loading = null;

export default function scrollIntoView(node, options) {
  loading ??= import('scroll-into-view-if-needed').then((m) => m.default);
  void loading.then((scroll) => scroll(node, options));
}
