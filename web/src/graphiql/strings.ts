/** The explorer's own words (GraphiQL's buttons stay in English: it has no translation). */
export const strings = {
  title: 'Explorateur GraphQL',
  intro:
    "Écrivez une requête GraphQL et exécutez-la comme le ferait un script, avec votre jeton d'accès personnel. " +
    "La documentation du schéma (l'icône du livre, à gauche) décrit chaque type et chaque champ, en français ou " +
    'en anglais.',
  limits:
    "Les limites des scripts s'appliquent : au plus 1 000 éléments par liste (argument « first »), puis la " +
    'page suivante avec « after ».',
  backToPortal: 'Retour au portail',
  tokenLabel: "Jeton d'accès personnel",
  tokenHint:
    "Il commence par « pat_ ». Il reste dans cet onglet seulement (sessionStorage) et s'efface à sa fermeture.",
  createToken: "Créer un jeton dans Mon profil > Jetons d'accès",
  useToken: 'Utiliser ce jeton',
  forgetToken: 'Oublier le jeton',
  languageLabel: 'Langue de la documentation',
  french: 'Français',
  english: 'English',
  tokenNeeded:
    "Un jeton d'accès personnel est nécessaire pour explorer et interroger le graphe : collez-le ci-dessus, ou " +
    "créez-en un dans Mon profil > Jetons d'accès.",
  tokenRefused:
    "Ce jeton d'accès est refusé : il est inconnu, expiré ou révoqué. Créez-en un autre dans Mon profil > " +
    "Jetons d'accès.",
  schemaLoading: 'Chargement du schéma…',
  ready: 'Jeton accepté : le schéma est chargé. Exécutez une requête avec le bouton ▶ ou Ctrl+Entrée.',
  failed: "Une erreur s'est produite, merci de réessayer plus tard.",
  readOnlyNote: 'Un jeton en lecture seule exécute des requêtes (query) seulement, aucune mutation.',
} as const;

/** The document the editor opens with: the register, as a reporting script reads it. */
export const DEFAULT_QUERY = `# Explorateur GraphQL du portail déchets.
# Exécutez cette requête (Ctrl+Entrée) : les deux dernières lignes du registre des déchets sortants.
{
  viewer {
    fullName
    registerLines(first: 2) {
      totalCount
      edges {
        node {
          shipmentDate
          wasteCode
          wasteDescription
          weight
        }
      }
    }
  }
}
`;
