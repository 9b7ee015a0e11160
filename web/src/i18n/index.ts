import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';
import { fr, type TranslationResource } from './fr.ts';
import { MISSING_TEXT } from './missingText.ts';

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
  // A copy: adding the screens' text merges into it, and `fr` stays the first page's text as written.
  resources: { fr: { translation: structuredClone(fr) }, en: { translation: en } },
  interpolation: { escapeValue: false }, // React escapes
  initAsync: false,
  returnNull: false,
  // A key with no French text shows as the key itself: say so, for the journeys to fail on it.
  saveMissing: true,
  missingKeyHandler: (_languages, _namespace, key) => {
    console.error(`${MISSING_TEXT}${key}`);
  },
});

let screenTexts: Promise<void> | undefined;

/**
 * Adds the text of every screen but the first page's (`fr-screens.ts`, about 10 KB gzip) once: each of those
 * screens' imports waits for it, so the first page does not. A failed load is tried again by the next screen.
 */
export function loadScreenTexts(): Promise<void> {
  screenTexts ??= import('./fr-screens.ts').then(
    ({ frScreens }) => {
      i18n.addResourceBundle('fr', 'translation', frScreens, true, false);
    },
    (error: unknown) => {
      screenTexts = undefined;
      throw error;
    },
  );
  return screenTexts;
}
