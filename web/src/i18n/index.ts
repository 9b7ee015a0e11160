import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';
import { fr, type TranslationResource } from './fr.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: TranslationResource };
  }
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: 'fr',
  fallbackLng: 'en',
  supportedLngs: ['fr', 'en'],
  resources: { fr: { translation: fr }, en: { translation: en } },
  interpolation: { escapeValue: false }, // React escapes
  initAsync: false,
  returnNull: false,
});
