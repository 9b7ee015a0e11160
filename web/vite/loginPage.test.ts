import { describe, expect, it } from 'vitest';
import { appEntryFiles, withFrenchTexts } from './loginPage.ts';

describe('the login page build', () => {
  it('writes the French texts in, escaped for HTML, and fails on a key the resources lack', () => {
    expect(withFrenchTexts('<h1>{{login.title}}</h1><p>{{ app.tagline }}</p>')).toBe(
      '<h1>Connexion</h1><p>Suivi et traçabilité des déchets de vos établissements</p>',
    );
    expect(withFrenchTexts('<button aria-label="{{login.forgotPassword}}">')).toBe(
      '<button aria-label="Mot de passe oublié ?">',
    );
    expect(() => withFrenchTexts('{{login.nothing}}')).toThrow("no French text 'login.nothing'");
    // A group of texts is not a text.
    expect(() => withFrenchTexts('{{login}}')).toThrow("no French text 'login'");
  });

  it("lists the app's first files from its built index.html: its entries, then what they preload, each once", () => {
    const index = [
      '<script type="module" crossorigin src="/assets/index-A1.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/react-B2.js">',
      '<link rel="modulepreload" crossorigin href="/assets/index-A1.js">',
      '<link rel="stylesheet" href="/assets/index-C3.css">',
    ].join('\n');
    expect(appEntryFiles(index)).toEqual(['/assets/index-A1.js', '/assets/react-B2.js']);
  });
});
