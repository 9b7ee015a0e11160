/** The minimal English fallback (SPEC 1): shown only where a French string is missing. */
export const en = {
  app: { name: 'Waste portal' },
  errors: { generic: 'An error occurred. Please contact support.' },
};
