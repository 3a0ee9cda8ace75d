import 'i18next';
import type { Catalogue } from './catalogue';

// Typed keys: `t('header.login')` is checked against the pt-BR catalogue at compile time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}
