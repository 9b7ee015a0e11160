/** Word lists for realistic French names, addresses and sites. */
export const SURNAMES = [
  'Martin',
  'Bernard',
  'Thomas',
  'Petit',
  'Robert',
  'Richard',
  'Durand',
  'Dubois',
  'Moreau',
  'Laurent',
  'Simon',
  'Michel',
  'Lefèvre',
  'Leroy',
  'Roux',
  'David',
  'Bertrand',
  'Morel',
  'Fournier',
  'Girard',
  'Bonnet',
  'Dupont',
  'Lambert',
  'Fontaine',
  'Rousseau',
  'Vincent',
  'Muller',
  'Faure',
  'André',
  'Mercier',
  'Blanc',
  'Guérin',
  'Boyer',
  'Garnier',
  'Chevalier',
  'François',
  'Legrand',
  'Gauthier',
  'Perrin',
  'Robin',
  'Clément',
  'Morin',
  'Nicolas',
  'Henry',
  'Roussel',
  'Mathieu',
  'Masson',
  'Marchand',
  'Duval',
  'Denis',
] as const;

export const FIRSTNAMES = [
  'Claire',
  'Julien',
  'Sophie',
  'Nicolas',
  'Camille',
  'Thomas',
  'Émilie',
  'Antoine',
  'Laura',
  'Pierre',
  'Marie',
  'Lucas',
  'Chloé',
  'Hugo',
  'Manon',
  'Mathieu',
  'Sarah',
  'Maxime',
  'Julie',
  'Romain',
] as const;

export const FUNCTIONS = [
  'Responsable environnement',
  'Responsable QSE',
  'Directeur de site',
  'Responsable logistique',
  "Responsable d'exploitation",
  'Acheteur',
  'Chargée de mission RSE',
  'Responsable des services généraux',
] as const;

/** Producer company names: `{surname}` is replaced. */
export const PRODUCER_COMPANY_PATTERNS = [
  '{surname} Industries',
  'Métallerie {surname}',
  'Menuiserie {surname}',
  'Imprimerie {surname}',
  '{surname} Plasturgie',
  '{surname} Construction',
  'Bâtiment {surname} et Fils',
  'Groupe {surname}',
  'Chaudronnerie {surname}',
  '{surname} Emballages',
  'Travaux Publics {surname}',
  'Boulangeries {surname}',
  '{surname} Agroalimentaire',
  'Mécanique {surname}',
  'Ateliers {surname}',
  '{surname} Logistique',
] as const;

export const COLLECTOR_COMPANY_PATTERNS = [
  '{surname} Environnement',
  'Collecte {surname}',
  '{surname} Services Propreté',
  'Bennes {surname}',
] as const;

export const RECYCLER_COMPANY_PATTERNS = [
  'Recyclage {surname}',
  '{surname} Valorisation',
  'Écorecyclage {surname}',
  '{surname} Recyclage Matières',
] as const;

export const CARRIER_COMPANY_PATTERNS = [
  'Transports {surname}',
  '{surname} Transports et Logistique',
] as const;

/** Site names: `{de}` becomes « de Lyon », « d'Annecy » or « du Havre ». */
export const PRODUCER_SITE_PATTERNS = [
  'Usine {de}',
  'Atelier {de}',
  'Agence {de}',
  'Entrepôt {de}',
  'Dépôt {de}',
  'Plateforme logistique {de}',
  'Site de production {de}',
  'Établissement {de}',
] as const;

export const COLLECTOR_SITE_PATTERNS = [
  'Agence collecte {de}',
  'Plateforme de regroupement {de}',
  'Déchèterie professionnelle {de}',
] as const;

export const RECYCLER_SITE_PATTERNS = [
  'Centre de tri {de}',
  'Centre de valorisation {de}',
  'Plateforme de recyclage {de}',
] as const;

export const CARRIER_SITE_PATTERNS = ['Agence transport {de}', 'Dépôt poids lourds {de}'] as const;

export const CHANTIER_NAMES = [
  'Chantier Résidence Les Tilleuls',
  'Chantier Résidence du Parc',
  'Chantier Écoquartier des Rives',
  'Chantier Groupe scolaire Jules Ferry',
  'Chantier Médiathèque',
  'Chantier Rénovation de la mairie',
  'Chantier Gymnase municipal',
  "Chantier Extension de l'hôpital",
  'Chantier Pont de la Gare',
  'Chantier ZAC des Prés',
  'Chantier Îlot Confluence',
  'Chantier Réhabilitation du lycée',
  'Chantier Parking souterrain',
  'Chantier Tramway ligne 2',
  'Chantier Immeuble Horizon',
  'Chantier Campus Pasteur',
  'Chantier Halle du marché',
  'Chantier Résidence Les Cèdres',
] as const;

export const STREETS = [
  'rue de la République',
  'avenue Jean Jaurès',
  'rue Victor Hugo',
  'boulevard Gambetta',
  'rue Pasteur',
  'avenue de la Gare',
  'rue du Général de Gaulle',
  "rue de l'Industrie",
  'avenue des Métiers',
  'rue Ampère',
  'rue Denis Papin',
  'allée des Artisans',
  'rue Gustave Eiffel',
  'rue Marie Curie',
  "boulevard de l'Europe",
  'rue du Port',
  'avenue du Maréchal Foch',
  'rue Jean Moulin',
  'rue des Tanneurs',
  'chemin des Vignes',
] as const;
