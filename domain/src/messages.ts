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
  endBeforeStart: 'La date de fin ne peut pas être antérieure à la date de début.',
  postcodeFormat: 'Le code postal doit contenir 5 chiffres',
  dateFormat: "La date saisie n'est pas valide",
  establishmentUpdated: "L'établissement a bien été mis à jour.",
  establishmentUpdateError: "Une erreur est survenue lors de la mise à jour de l'établissement.",
  entityAdded: 'Le chantier a bien été ajouté.',
  entityUpdated: 'Le chantier a bien été modifié.',
  entityAddError: "Une erreur s'est produite lors de l'ajout du chantier.",
  entityUpdateError: "Une erreur s'est produite lors de la modification du chantier.",
  companyFallbackName: (id: number | string) => `Société ${id}`,

  // Containers (skips), SPEC 8: successes and errors of create, edit, delete, archive, retirement.
  skipCreated: 'Le contenant a bien été créé.',
  skipUpdated: 'Le contenant a bien été modifié.',
  skipDeleted: 'Le contenant a bien été supprimé.',
  skipArchived: 'Le contenant a bien été archivé.',
  skipRestored: 'Le contenant a bien été restauré.',
  skipCreateError: "Une erreur s'est produite lors de la création du contenant.",
  skipUpdateError: "Une erreur s'est produite lors de la modification du contenant.",
  skipDeleteError: "Une erreur s'est produite lors de la suppression du contenant.",
  skipArchiveError: "Une erreur s'est produite lors de l'archivage du contenant.",
  skipRetirementRequested: 'La demande de retrait du contenant a bien été envoyée.',
  skipRetirementError: "Une erreur s'est produite lors de la demande de retrait du contenant.",
  rotationMissingFields:
    'Tous les champs obligatoires du contenant doivent être remplis pour demander une rotation.',
  skipHasDeliveriesInProgress:
    "Ce contenant a des livraisons en cours : annulez-les ou attendez leur validation avant de le supprimer ou de l'archiver.",
  concurrentModification:
    "Ces données ont été modifiées entre-temps par quelqu'un d'autre. Rechargez la page puis recommencez.",

  // Container deliveries and recurring programs.
  deliveryOrdered: 'La livraison a bien été commandée.',
  deliveryProgramOrdered: 'La programmation récurrente a bien été enregistrée.',
  deliveryAcknowledged: 'La commande de livraison a bien été prise en compte.',
  deliveryScheduled: 'La livraison a bien été programmée.',
  deliveryValidated: 'La livraison a bien été validée.',
  deliveryCancelled: 'La livraison a bien été annulée.',
  deliveryOrderError: "Une erreur s'est produite lors de la commande de la livraison.",
  deliveryUpdateError: "Une erreur s'est produite lors de la mise à jour de la livraison.",
  programSubmitError: "Une erreur s'est produite lors de l'enregistrement de la programmation récurrente.",
  programDeleted: 'La programmation récurrente a bien été supprimée.',
  programDeleteError: "Une erreur s'est produite lors de la suppression de la programmation récurrente.",
  /** SPEC 8: the operation cannot be modified (a move its status does not allow, a concurrent change). */
  operationCannotBeModified:
    'Cette opération ne peut pas être modifiée. Veuillez réessayer plus tard ou contacter un administrateur.',

  // Validation of containers and their reference data.
  unknownWasteCode: 'Code déchet inconnu',
  dangerousSkipNeedsHazardousCode: 'Un contenant dangereux doit avoir un code déchet dangereux (marqué *)',
  hazardousCodeNeedsDangerousSkip: 'Un code déchet dangereux (marqué *) est réservé à un contenant dangereux',
  unknownTreatmentCode: 'Code de traitement inconnu',
  unknownSkipType: 'Type de contenant inconnu',
  unknownWasteType: 'Type de déchet inconnu',
  wasteLevelMismatch: "Ce type de déchet n'appartient pas au niveau supérieur choisi",
  providerNotLinked: "Ce prestataire n'est pas lié à cet établissement",
  entityNotOfSite: "Ce chantier n'appartient pas à cet établissement",
  unknownChoice: 'Cette valeur ne fait pas partie des choix proposés',
  positiveValue: 'La valeur doit être supérieure à 0',
  positiveInteger: 'La valeur doit être un nombre entier supérieur à 0',
  valueTooLarge: 'La valeur saisie est trop grande',
  yesOrNo: 'La valeur doit être oui ou non',

  // Recurring programs (SPEC 3, SPEC 9).
  recurrenceTypeInvalid: 'Choisissez une récurrence : jour, jour ouvré, semaine ou mois',
  recurrenceInterval: "L'intervalle doit être un nombre entier entre 1 et 52",
  recurrenceWeekdaysRequired: 'Choisissez au moins un jour de la semaine',
  recurrenceMonthDayOrPosition:
    'Choisissez soit un jour du mois, soit une position dans le mois avec un jour de la semaine',
  recurrenceOneWeekday: 'Choisissez un seul jour de la semaine avec une position dans le mois',
  weekdayInvalid: 'Jour de la semaine inconnu',
  monthPositionInvalid: 'Position dans le mois inconnue',
  monthDayRange: 'Le jour du mois doit être compris entre 1 et 31',
  programWithoutDates: 'Aucune date de livraison à venir entre le début et la fin du programme',
  programTooLong: (max: number) =>
    `Le programme ne peut pas dépasser ${max} livraisons : raccourcissez la période ou augmentez l'intervalle`,
  requestedDateInPast: 'La date souhaitée ne peut pas être dans le passé',
  scheduledBeforeOrder: 'La date de livraison programmée ne peut pas être antérieure à la date de commande',
  deliveryAlreadyOrdered: 'Une livraison est déjà commandée pour ce contenant à cette date',
  archivedSkipCannotBeOrdered: 'Un contenant archivé ne peut pas être commandé',
  skipNeedsProviderToOrder: 'Choisissez un prestataire pour ce contenant avant de commander une livraison',
} as const;
