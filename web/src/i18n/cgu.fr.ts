/** The terms of use shown on /cgu (French). Each section: a title and its paragraphs. */
export interface TermsSection {
  title: string;
  paragraphs: string[];
}

export const termsVersion = '1er septembre 2025';

export const termsSections: TermsSection[] = [
  {
    title: '1. Objet',
    paragraphs: [
      "Les présentes conditions générales d'utilisation (CGU) encadrent l'accès et l'utilisation du Portail déchets, service en ligne destiné aux entreprises productrices de déchets et à leurs prestataires (collecteurs, recycleurs, transporteurs, exutoires).",
      "Le portail permet de suivre les enlèvements et les contenants, de consulter les indicateurs de coûts, de quantités, de valorisation et d'émissions de CO2, de tenir le registre réglementaire des déchets et de partager les documents associés.",
      "L'accès au portail vaut acceptation sans réserve des présentes CGU. Elles peuvent évoluer ; la version en vigueur est celle affichée sur cette page et une nouvelle acceptation peut être demandée.",
    ],
  },
  {
    title: '2. Compte utilisateur',
    paragraphs: [
      "Le compte est personnel et rattaché à une ou plusieurs sociétés, établissements ou chantiers par l'exploitant du portail. L'utilisateur ne voit que les établissements, clients et prestataires qui lui sont rattachés.",
      "L'identifiant et le mot de passe sont strictement confidentiels. L'utilisateur choisit un mot de passe robuste, ne le communique à personne et signale sans délai toute utilisation non autorisée de son compte.",
      "L'exploitant peut suspendre un compte en cas d'utilisation contraire aux présentes CGU ou de risque pour la sécurité du service.",
    ],
  },
  {
    title: '3. Données et documents',
    paragraphs: [
      "Les données saisies ou importées (demandes d'enlèvement, quantités, coûts, exutoires, documents) restent la propriété de l'entreprise qui les fournit. Elles sont utilisées pour rendre le service et partagées uniquement avec les entreprises parties prenantes de l'opération concernée.",
      'Les indicateurs affichés (taux de valorisation, émissions de CO2 estimées) sont calculés à partir des données transmises par les utilisateurs et de facteurs publics ; ils constituent une aide au pilotage et ne remplacent pas les déclarations réglementaires.',
      "Les documents déposés par un prestataire sont visibles de ses clients concernés. Chaque utilisateur veille à ne déposer que des documents qu'il est autorisé à partager.",
    ],
  },
  {
    title: '4. Responsabilités',
    paragraphs: [
      "Le producteur de déchets reste responsable de ses déchets jusqu'à leur élimination ou valorisation finale, ainsi que de la tenue de son registre. Le portail est un outil de suivi : il ne transfère pas cette responsabilité.",
      "Chaque utilisateur est responsable de l'exactitude des informations qu'il saisit (quantités réelles, dates d'intervention, codes déchets et codes de traitement).",
      "L'exploitant met en œuvre les moyens raisonnables pour assurer la disponibilité et la sécurité du portail, sans garantir l'absence d'interruption, notamment lors des opérations de maintenance.",
    ],
  },
  {
    title: '5. Données personnelles (RGPD)',
    paragraphs: [
      "Les données personnelles traitées (nom, prénom, adresse e-mail professionnelle, téléphone, fonction, journaux de connexion) sont nécessaires à la gestion des comptes et à l'exécution du service. Le traitement repose sur l'exécution du contrat liant l'exploitant à l'entreprise de l'utilisateur.",
      "Elles sont conservées pendant la durée d'utilisation du compte, puis supprimées ou anonymisées, sous réserve des durées de conservation imposées par la réglementation (par exemple trois ans au moins pour le registre des déchets).",
      "Conformément au règlement (UE) 2016/679 et à la loi Informatique et Libertés, l'utilisateur dispose d'un droit d'accès, de rectification, d'effacement, de limitation et d'opposition. Il peut l'exercer par le formulaire de contact du portail et introduire une réclamation auprès de la CNIL.",
      "Le portail utilise uniquement des cookies nécessaires à son fonctionnement (session de connexion). Aucun cookie publicitaire n'est déposé.",
    ],
  },
  {
    title: '6. Contact',
    paragraphs: [
      'Pour toute question sur le portail, ces conditions ou vos données personnelles, utilisez la page Contact du portail. Vous pouvez y indiquer si vous préférez être recontacté par e-mail ou par téléphone.',
    ],
  },
];
