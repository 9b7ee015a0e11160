/** Exact French messages of SPEC sections 5 and 8. UI and api both use these constants, never retyped strings. */
export const messages = {
  required: 'Le champ est obligatoire',
  invalidEmail: "L'adresse email saisie est incorrecte",
  maxLength: (length: number) => `Le champ doit comporter au maximum ${length} caractères`,
  allFieldsRequired: 'Tous les champs doivent être remplis.',
  noChange: 'Aucune modification détectée.',

  passwordRequired: 'Le champ mot de passe est obligatoire',
  passwordEmpty: 'Vous devez définir un mot de passe',
  passwordTooShort: 'Le mot de passe doit se composer de 8 caractères minimum',
  passwordFormat: "Le format du mot de passe n'est pas correct",
  passwordConfirmEmpty: 'Vous devez confirmer le mot de passe',
  passwordMismatch: 'Les mots de passe ne sont pas identiques',

  phoneFormat: "Le format du numéro de téléphone n'est pas valide",
  quantityFormat: "Le format de la quantité n'est pas valide",
  siretDigitsOnly: 'Le SIRET doit contenir uniquement des chiffres',
  siretTooShort: 'Le SIRET doit contenir au moins 14 chiffres',
  siretTooLong: 'Le SIRET ne peut pas dépasser 50 chiffres',
  decimals: (n: number) => `La valeur doit avoir ${n} chiffres après la virgule maximum`,

  genericError: 'Une erreur est survenue. Veuillez contacter le support',
  retryLater: "Une erreur s'est produite, merci de réessayer plus tard",
  unknownAccount: 'Aucun compte ne correspond à cette email',
  invalidCredentials: 'Adresse mail et/ou mot de passe invalide',
  tooManyAttempts: 'Trop de tentatives de connexion. Veuillez réessayer dans quelques minutes.',
  resetLinkExpired:
    'Ce lien de réinitialisation a expiré ou a déjà été utilisé. Veuillez faire une nouvelle demande de mot de passe oublié.',
  forbidden: "Vous n'êtes pas autorisé à effectuer cette action.",
  notFound: "Le contenu que vous cherchez n'est pas disponible.",
  unauthenticated: 'Votre session a expiré. Veuillez vous reconnecter.',
  cguRequired: "Vous devez accepter les conditions générales d'utilisation pour accéder à la plateforme.",
  companyFallbackName: (id: number | string) => `Société ${id}`,
} as const;
