/** The start of the console error a key without French text gives (the browser journeys fail on it). */
export const MISSING_TEXT = 'No French text for the key ';
