/**
 * A text input's value as typed. react-admin's inputs turn '' into null by default; the program
 * schema wants text (an empty offering type is '', and says so with the spec's own message).
 */
export const keepText = (value: string) => value;
