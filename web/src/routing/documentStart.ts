/**
 * Whether the app was started in the login page's document, once signed in (`startApp`'s `inPlace`), rather than
 * loaded by its own page: the address the document was loaded at was then the login page's.
 */
let startedInPlace = false;

export function markStartedInPlace(): void {
  startedInPlace = true;
}

export function wasStartedInPlace(): boolean {
  return startedInPlace;
}
