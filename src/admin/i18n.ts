import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { useTranslate } from 'react-admin';
import { messages, type Messages } from '../shared/messages';
import { resourceLabels } from './resourceLabels';

/**
 * react-admin's own texts plus every Tidings text, under the `tidings` key; the rich-text editor's
 * toolbar reads its own from `ra.tiptap`, and columns and inputs their labels from `resources`.
 */
export const i18nProvider = polyglotI18nProvider(
  () => ({
    ...englishMessages,
    ra: { ...englishMessages.ra, tiptap: messages.richTextToolbar },
    tidings: messages,
    resources: resourceLabels,
  }),
  'en',
  [{ locale: 'en', name: 'English' }],
  { allowMissing: true },
);

/** 'dashboard.hello' | 'nav.programs' | ... : every leaf of the messages module. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type MessageKey = Leaves<Messages>;

/** `t('dashboard.hello', { name })`: the translate function, with the keys checked by TypeScript. */
export function useMessages() {
  const translate = useTranslate();
  return (key: MessageKey, params?: Record<string, string | number>) =>
    translate(`tidings.${key}`, params);
}
