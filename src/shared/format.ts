/**
 * Fills `%{name}` placeholders, the syntax react-admin's polyglot i18n uses, so the server and the
 * console format the same message templates the same way.
 */
export function formatMessage(
  template: string,
  params: Record<string, string | number> = {},
): string {
  return template.replace(/%\{(\w+)\}/g, (whole, key: string) =>
    key in params ? String(params[key]) : whole,
  );
}
