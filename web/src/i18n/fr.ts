import { messages } from '@portal/domain/messages';

/** French UI text (the reference language). Messages defined in @portal/domain are reused, never retyped. */
export const fr = {
  app: {
    name: 'Portail déchets',
    tagline: 'Suivi et traçabilité des déchets de vos établissements',
    loading: 'Chargement…',
    skipToContent: 'Aller au contenu principal',
    pageTitle: '{{title}} · Portail déchets',
  },
  form: {
    showPassword: 'Afficher le mot de passe',
    hidePassword: 'Masquer le mot de passe',
  },
  login: {
    title: 'Connexion',
    sessionExpired: messages.unauthenticated,
    intro: 'Connectez-vous pour suivre les déchets de vos établissements.',
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    submit: 'Se connecter',
    forgotPassword: 'Mot de passe oublié ?',
  },
  forgotPassword: {
    title: 'Mot de passe oublié',
    intro:
      "Indiquez l'adresse e-mail de votre compte : vous recevrez un lien pour définir un nouveau mot de passe.",
    email: 'Adresse e-mail',
    submit: 'Recevoir le lien',
    sent: 'Un e-mail contenant un lien de réinitialisation a été envoyé à {{email}}. Ce lien est valable une heure.',
    backToLogin: 'Retour à la connexion',
  },
  resetPassword: {
    title: 'Nouveau mot de passe',
    intro: 'Choisissez le nouveau mot de passe de votre compte.',
    password: 'Nouveau mot de passe',
    confirmPassword: 'Confirmation du mot de passe',
    submit: 'Enregistrer le mot de passe',
    success: 'Votre mot de passe a été modifié. Vous pouvez maintenant vous connecter.',
    goToLogin: 'Se connecter',
    askAgain: 'Faire une nouvelle demande',
    invalidLink:
      'Ce lien de réinitialisation est incomplet. Utilisez le lien reçu par e-mail ou faites une nouvelle demande.',
    linkExpired: messages.resetLinkExpired,
    rules: '8 caractères minimum, dont une majuscule, une minuscule, un chiffre et un caractère spécial.',
  },
  terms: {
    title: "Conditions générales d'utilisation",
    intro: "Merci de lire et d'accepter les conditions d'utilisation avant d'accéder au portail.",
    version: 'Version du {{date}}',
    accept: "J'ai lu et j'accepte les conditions générales d'utilisation",
    submit: 'Accepter et accéder au portail',
    required: messages.cguRequired,
    accepted: "Vous avez accepté ces conditions d'utilisation.",
    goToDashboard: 'Accéder au tableau de bord',
  },
  layout: {
    establishment: 'Établissement',
    chooseEstablishment: 'Choisir un établissement',
    noEstablishment: 'Aucun établissement',
    logout: 'Se déconnecter',
    openMenu: 'Ouvrir le menu',
    closeMenu: 'Fermer le menu',
    mainNavigation: 'Navigation principale',
    comingSoon: 'Bientôt disponible',
    home: 'Accueil du portail déchets',
  },
  nav: {
    dashboard: 'Tableau de bord',
    establishments: 'Mes établissements',
    providers: 'Mes prestataires',
    clients: 'Mes clients',
    pickups: 'Mes enlèvements',
    hazardousPickups: 'Enlèvements dangereux',
    wasteTracking: 'Suivi des déchets (registre)',
    documents: 'Documents',
    costs: 'Mes coûts',
    activity: 'Mon activité',
    outlets: 'Mes exutoires',
    activityCosts: "Mes coûts d'activité",
    defaultOutlets: 'Mes exutoires par défaut',
    help: 'Aide',
    contact: 'Contact',
    profile: 'Mon profil',
  },
  dashboard: {
    title: 'Tableau de bord',
    welcome: 'Bonjour {{name}}',
    selectedEstablishment: 'Établissement sélectionné',
    chooseEstablishment:
      'Choisissez un établissement dans le sélecteur en haut de page pour afficher ses informations.',
    noEstablishment:
      "Aucun établissement n'est rattaché à votre compte. Contactez-nous pour le faire ajouter.",
    indicatorsTitle: 'Vos indicateurs arrivent avec le tableau de bord',
    indicatorsDescription:
      "Les coûts, les quantités, les taux de valorisation et les émissions de CO2 (t eq CO2) de vos établissements seront affichés ici dès la mise en service du tableau de bord. Aucun chiffre n'est affiché d'ici là.",
  },
  help: {
    title: 'Aide',
    topics: "Rubriques d'aide",
    noAnswer: 'Vous ne trouvez pas la réponse à votre question ?',
    contact: 'Contactez-nous',
  },
  errors: {
    notFoundCode: '404',
    notFoundTitle: 'Page introuvable',
    notFound: messages.notFound,
    backToDashboard: 'Accéder au tableau de bord',
    generic: messages.genericError,
    retryLater: messages.retryLater,
  },
  pwa: {
    updateAvailable: 'Une nouvelle version est disponible',
    updateDescription: 'Rechargez la page pour utiliser la dernière version du portail.',
    reload: 'Recharger',
    offlineReady: 'Le portail est prêt à fonctionner hors ligne',
  },
};

export type TranslationResource = typeof fr;
