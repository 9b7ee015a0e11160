import { luhnCheckDigit, random, siretOf, textSeed } from './random.ts';

/**
 * What becomes of each waste of the generated containers (skips.ts): the final outlets it goes to, how often
 * its container is emptied and when in the year, and what it costs. Facilities are named after real French
 * industrial towns (real postcodes) and kinds of plants; the companies themselves, and their SIRETs
 * (Luhn-valid, stable for a name), are not real.
 */

export interface Facility {
  name: string;
  siret: string;
  address: string;
  /** Final treatment code (treatment-codes.json, `isFinal`): never a transit code. */
  treatmentCode: string;
  /**
   * What the plant makes of it, where its code allows several qualifications: the generated recovery plants
   * (R 2 to R 9) recycle material; energy recovery (R 1) and disposal have one qualification, left to the code.
   */
  qualification: 'RECYCLAGE' | null;
}

function facility(name: string, address: string, treatmentCode: string): Facility {
  const next = random(textSeed(name));
  const payload = `${1 + Math.floor(next() * 9)}${Array.from({ length: 7 }, () => Math.floor(next() * 10)).join('')}`;
  return {
    name,
    siret: siretOf(`${payload}${luhnCheckDigit(payload)}`, 1 + Math.floor(next() * 40)),
    address,
    treatmentCode,
    qualification: treatmentCode.startsWith('R') && treatmentCode !== 'R 1' ? 'RECYCLAGE' : null,
  };
}

export const FACILITIES = {
  paperMill: [
    facility('Papeterie de Golbey', 'Zone industrielle, 88190 Golbey', 'R 3'),
    facility('Papeterie de Saillat-sur-Vienne', 'Route de Chaillac, 87720 Saillat-sur-Vienne', 'R 3'),
    facility("Papeterie d'Alizay", 'Rue de la Papeterie, 27460 Alizay', 'R 3'),
    facility('Papeterie de Corbehem', 'Rue de Gouy, 62112 Corbehem', 'R 3'),
  ],
  energyRecovery: [
    facility(
      "Unité de valorisation énergétique d'Ivry-sur-Seine",
      'Quai Marcel Boyer, 94200 Ivry-sur-Seine',
      'R 1',
    ),
    facility(
      'Unité de valorisation énergétique de Rillieux-la-Pape',
      'Chemin du Rhône, 69140 Rillieux-la-Pape',
      'R 1',
    ),
    facility('Unité de valorisation énergétique de Bègles', 'Quai Wilson, 33130 Bègles', 'R 1'),
    facility("Unité de valorisation énergétique d'Halluin", 'Rue de la Lys, 59250 Halluin', 'R 1'),
    facility('Unité de valorisation énergétique de Toulouse', 'Chemin de Perpignan, 31100 Toulouse', 'R 1'),
  ],
  landfill: [
    facility(
      'Installation de stockage de déchets non dangereux de Claye-Souilly',
      'Route de Charny, 77410 Claye-Souilly',
      'D 5',
    ),
    facility(
      'Installation de stockage de déchets non dangereux de Lapouyade',
      'Lieu-dit Le Pinier, 33620 Lapouyade',
      'D 5',
    ),
    facility(
      'Installation de stockage de déchets non dangereux de Bellegarde',
      'Route de Beaucaire, 30127 Bellegarde',
      'D 5',
    ),
    facility(
      'Installation de stockage de déchets non dangereux de Changé',
      'La Brochardière, 53810 Changé',
      'D 5',
    ),
  ],
  inertLandfill: [
    facility(
      'Installation de stockage de déchets inertes de Vert-le-Grand',
      'Chemin des Carrières, 91810 Vert-le-Grand',
      'D 5',
    ),
    facility(
      'Installation de stockage de déchets inertes de Saint-Priest',
      'Chemin de Revaison, 69800 Saint-Priest',
      'D 5',
    ),
  ],
  steelworks: [
    facility('Aciérie électrique de Fos-sur-Mer', 'Zone industrielle du Caban, 13270 Fos-sur-Mer', 'R 4'),
    facility('Aciérie électrique de Neuves-Maisons', 'Rue de Chaligny, 54230 Neuves-Maisons', 'R 4'),
    facility(
      'Aciérie électrique de Montereau-Fault-Yonne',
      'Route de Moret, 77130 Montereau-Fault-Yonne',
      'R 4',
    ),
  ],
  metalShredder: [
    facility('Broyeur de métaux de Gennevilliers', 'Route du Port, 92230 Gennevilliers', 'R 4'),
    facility('Broyeur de métaux de Vénissieux', 'Boulevard Joliot-Curie, 69200 Vénissieux', 'R 4'),
  ],
  oilRegeneration: [
    facility(
      'Centre de régénération des huiles usagées de Lillebonne',
      'Zone portuaire, 76170 Lillebonne',
      'R 9',
    ),
    facility(
      "Centre de régénération des huiles usagées de Gonfreville-l'Orcher",
      "Route du Havre, 76700 Gonfreville-l'Orcher",
      'R 9',
    ),
  ],
  cementKiln: [
    facility("Cimenterie d'Airvault", 'Route de Parthenay, 79600 Airvault', 'R 1'),
    facility('Cimenterie de Martres-Tolosane', 'Route de Boussens, 31220 Martres-Tolosane', 'R 1'),
    facility('Cimenterie de Beaucaire', 'Chemin de la Lône, 30300 Beaucaire', 'R 1'),
    facility('Cimenterie de Couvrot', 'Rue de la Marne, 51300 Couvrot', 'R 1'),
  ],
  hazardousIncineration: [
    facility(
      "Centre d'incinération de déchets dangereux de Saint-Vulbas",
      'Parc industriel de la Plaine de l’Ain, 01150 Saint-Vulbas',
      'D 10',
    ),
    facility(
      "Centre d'incinération de déchets dangereux de Salaise-sur-Sanne",
      'Plateforme chimique, 38150 Salaise-sur-Sanne',
      'D 10',
    ),
    facility(
      "Centre d'incinération de déchets dangereux de Sandouville",
      'Route de l’Estuaire, 76430 Sandouville',
      'D 10',
    ),
  ],
  solventRegeneration: [
    facility(
      'Unité de régénération de solvants du Pont-de-Claix',
      'Plateforme chimique, 38800 Le Pont-de-Claix',
      'R 2',
    ),
    facility(
      'Unité de régénération de solvants de Villers-Saint-Paul',
      'Rue de la Chimie, 60870 Villers-Saint-Paul',
      'R 2',
    ),
  ],
  particleBoard: [
    facility(
      'Usine de panneaux de particules de Rambervillers',
      'Route de Saint-Dié, 88700 Rambervillers',
      'R 3',
    ),
    facility('Usine de panneaux de particules de Linxe', 'Route de Castets, 40260 Linxe', 'R 3'),
    facility('Usine de panneaux de particules de Saint-Dizier', 'Rue du Port, 52100 Saint-Dizier', 'R 3'),
  ],
  biomassBoiler: [
    facility('Chaufferie biomasse de Rennes', 'Rue de la Donelière, 35000 Rennes', 'R 1'),
    facility("Chaufferie biomasse d'Orléans", 'Rue du Faubourg Bannier, 45000 Orléans', 'R 1'),
    facility('Chaufferie biomasse de Grenoble', 'Rue Jean Perrot, 38000 Grenoble', 'R 1'),
  ],
  inertRecycling: [
    facility(
      'Plateforme de recyclage des matériaux inertes de Gennevilliers',
      'Route du Bassin n° 6, 92230 Gennevilliers',
      'R 5',
    ),
    facility(
      'Plateforme de recyclage des matériaux inertes de Mérignac',
      'Avenue de la Somme, 33700 Mérignac',
      'R 5',
    ),
    facility(
      'Plateforme de recyclage des matériaux inertes de Bonneuil-sur-Marne',
      'Route de l’Île Barbière, 94380 Bonneuil-sur-Marne',
      'R 5',
    ),
  ],
  composting: [
    facility('Plateforme de compostage de Ludres', 'Chemin de Messein, 54710 Ludres', 'R 3'),
    facility("Plateforme de compostage d'Étampes", 'Route de Pithiviers, 91150 Étampes', 'R 3'),
    facility('Unité de méthanisation de Saint-Herblain', 'Rue de la Garenne, 44800 Saint-Herblain', 'R 3'),
  ],
  plasterRecycling: [
    facility('Usine de recyclage du plâtre de Vaujours', 'Route de Vaujours, 93410 Vaujours', 'R 5'),
    facility('Usine de recyclage du plâtre de Saint-Loubès', 'Chemin de Lalande, 33450 Saint-Loubès', 'R 5'),
  ],
  glassworks: [
    facility('Verrerie de Cognac', 'Rue Haute de Crouin, 16100 Cognac', 'R 5'),
    facility('Verrerie de Chalon-sur-Saône', 'Rue du Pont Jeanne Rose, 71100 Chalon-sur-Saône', 'R 5'),
    facility('Verrerie de Vergèze', 'Route de Nîmes, 30310 Vergèze', 'R 5'),
  ],
  flatGlass: [
    facility("Centre de recyclage du verre plat d'Aniche", 'Rue Patoux, 59580 Aniche', 'R 5'),
    facility(
      'Centre de recyclage du verre plat de Salaise-sur-Sanne',
      'Zone industrielle, 38150 Salaise-sur-Sanne',
      'R 5',
    ),
  ],
  plasticRegeneration: [
    facility('Usine de régénération des plastiques de Limay', 'Route de Guitrancourt, 78520 Limay', 'R 3'),
    facility(
      'Usine de régénération des plastiques de Beaune',
      'Rue du Moulin Perpreuil, 21200 Beaune',
      'R 3',
    ),
  ],
  weee: [
    facility('Centre de traitement des DEEE de Villeparisis', 'Rue Jean Jaurès, 77270 Villeparisis', 'R 4'),
    facility('Centre de traitement des DEEE de Lesquin', 'Rue de la Haie Plouvier, 59810 Lesquin', 'R 4'),
    facility(
      "Centre de traitement des DEEE de Saint-Sylvain-d'Anjou",
      "Zone d'activités, 49480 Saint-Sylvain-d'Anjou",
      'R 4',
    ),
  ],
  batteries: [
    facility('Usine de recyclage des piles de Dieuze', 'Rue des Salines, 57260 Dieuze', 'R 4'),
    facility(
      'Usine de recyclage des piles de Saint-Quentin-Fallavier',
      'Rue du Lyonnais, 38070 Saint-Quentin-Fallavier',
      'R 4',
    ),
  ],
  lamps: [
    facility(
      'Centre de traitement des lampes de Saint-Thibault-des-Vignes',
      'Rue des Frères Moreau, 77400 Saint-Thibault-des-Vignes',
      'R 4',
    ),
    facility(
      'Centre de traitement des lampes de Saint-Quentin-Fallavier',
      'Rue de Lombardie, 38070 Saint-Quentin-Fallavier',
      'R 4',
    ),
  ],
  aerosols: [
    facility(
      'Centre de dépollution des aérosols de Saint-Vulbas',
      'Allée des Chênes, 01150 Saint-Vulbas',
      'R 4',
    ),
    facility(
      'Centre de dépollution des aérosols de Tonnay-Charente',
      'Rue du Port, 17430 Tonnay-Charente',
      'R 4',
    ),
  ],
} as const satisfies Record<string, readonly Facility[]>;
export type FacilityKind = keyof typeof FACILITIES;

/** How much rotations each month, January first (1: an ordinary month); it shortens or stretches the gaps. */
export const SEASONS = {
  industry: [1, 1, 1.05, 1, 1, 1, 0.9, 0.55, 1.05, 1.05, 1, 0.85],
  office: [1, 1, 1.05, 1, 0.95, 1, 0.8, 0.5, 1.1, 1.05, 1, 0.85],
  retail: [0.9, 0.85, 1, 1, 1, 0.95, 0.9, 0.65, 1, 1.1, 1.25, 1.35],
  construction: [0.75, 0.85, 1.15, 1.25, 1.25, 1.15, 0.95, 0.45, 1.2, 1.25, 1, 0.7],
  // Wood and green waste: pruning and clearing in spring and autumn.
  green: [0.7, 0.8, 1.3, 1.4, 1.3, 1.05, 0.85, 0.5, 1.15, 1.35, 1.15, 0.75],
  // Canteens close in the summer holidays.
  canteen: [1, 1, 1.05, 0.95, 1, 0.95, 0.6, 0.25, 1.05, 1.05, 1, 0.85],
} as const satisfies Record<string, readonly number[]>;
export type Season = keyof typeof SEASONS;

/** A range of euros excluding tax per tonne. */
export type EuroRange = readonly [number, number];

export interface FlowProfile {
  season: Season;
  /** Days between rotations, when the skip type's default (`intervalOfSkipType`) does not fit. */
  interval?: readonly [number, number];
  /** Where the main fraction goes. */
  primary: readonly FacilityKind[];
  /** Where the other fractions go (rejects, a second recovery), when there are several outlets. */
  secondary: readonly FacilityKind[];
  /** Weights of 1, 2 and 3 outlets. */
  outletCounts: readonly [number, number, number];
  /** Share of operations that go first through a transit station (R 13, D 15), the outlets carrying the final codes. */
  transit: number;
  /** Whether a load may be downgraded because of a sorting error (part of it landfilled). */
  downgradable: boolean;
  treatment: EuroRange;
  transport: EuroRange;
  recyclingRevenue?: EuroRange;
  purchasePrice?: EuroRange;
}

/** Flows by `third_level_wastes.code` (the wastes of SKIP_TEMPLATES); DEFAULT_FLOW for any other. */
export const FLOWS: Readonly<Record<string, FlowProfile>> = {
  EMBALLAGES_CARTON: {
    season: 'retail',
    primary: ['paperMill'],
    secondary: ['energyRecovery'],
    outletCounts: [0.75, 0.2, 0.05],
    transit: 0.15,
    downgradable: true,
    treatment: [20, 45],
    transport: [15, 40],
    recyclingRevenue: [35, 110],
  },
  DAE_MELANGE: {
    season: 'industry',
    primary: ['energyRecovery', 'energyRecovery', 'landfill'],
    secondary: ['landfill', 'paperMill', 'plasticRegeneration', 'metalShredder'],
    outletCounts: [0.2, 0.45, 0.35],
    transit: 0,
    downgradable: false,
    treatment: [110, 180],
    transport: [25, 60],
  },
  HUILES_MOTEUR: {
    season: 'industry',
    primary: ['oilRegeneration'],
    secondary: ['cementKiln'],
    outletCounts: [0.85, 0.15, 0],
    transit: 0.3,
    downgradable: false,
    treatment: [20, 60],
    transport: [30, 60],
  },
  FERRAILLE: {
    season: 'industry',
    primary: ['steelworks', 'metalShredder'],
    secondary: ['energyRecovery'],
    outletCounts: [0.85, 0.15, 0],
    transit: 0.1,
    downgradable: false,
    treatment: [20, 35],
    transport: [20, 45],
    recyclingRevenue: [15, 45],
    purchasePrice: [120, 260],
  },
  PAPIERS_BUREAU: {
    season: 'office',
    interval: [14, 30],
    primary: ['paperMill'],
    secondary: ['energyRecovery'],
    outletCounts: [0.9, 0.1, 0],
    transit: 0.2,
    downgradable: true,
    treatment: [20, 40],
    transport: [15, 35],
    recyclingRevenue: [60, 140],
  },
  EMBALLAGES_SOUILLES: {
    season: 'industry',
    primary: ['cementKiln', 'cementKiln', 'hazardousIncineration'],
    secondary: ['hazardousIncineration', 'cementKiln'],
    outletCounts: [0.7, 0.3, 0],
    transit: 0.35,
    downgradable: false,
    treatment: [180, 250],
    transport: [35, 60],
  },
  PALETTES_BOIS: {
    season: 'green',
    primary: ['particleBoard'],
    secondary: ['biomassBoiler'],
    outletCounts: [0.65, 0.35, 0],
    transit: 0.1,
    downgradable: true,
    treatment: [20, 60],
    transport: [20, 50],
  },
  FILMS_PLASTIQUES: {
    season: 'retail',
    interval: [14, 28],
    primary: ['plasticRegeneration'],
    secondary: ['energyRecovery'],
    outletCounts: [0.7, 0.3, 0],
    transit: 0.2,
    downgradable: true,
    treatment: [30, 90],
    transport: [15, 40],
  },
  AEROSOLS: {
    season: 'industry',
    primary: ['aerosols'],
    secondary: ['cementKiln'],
    outletCounts: [0.6, 0.4, 0],
    transit: 0.4,
    downgradable: false,
    treatment: [150, 250],
    transport: [30, 60],
  },
  GRAVATS_MELANGE: {
    season: 'construction',
    interval: [14, 28],
    primary: ['inertRecycling', 'inertRecycling', 'inertLandfill'],
    secondary: ['inertLandfill', 'inertRecycling'],
    outletCounts: [0.75, 0.25, 0],
    transit: 0,
    downgradable: false,
    treatment: [20, 35],
    transport: [20, 50],
  },
  DECHETS_ALIMENTAIRES: {
    season: 'canteen',
    interval: [7, 10],
    primary: ['composting'],
    secondary: ['composting'],
    outletCounts: [1, 0, 0],
    transit: 0,
    downgradable: false,
    treatment: [60, 110],
    transport: [15, 40],
  },
  PILES_MELANGE: {
    season: 'office',
    primary: ['batteries'],
    secondary: ['batteries'],
    outletCounts: [1, 0, 0],
    transit: 0.4,
    downgradable: false,
    treatment: [20, 50],
    transport: [20, 45],
  },
  PLAQUES_PLATRE: {
    season: 'construction',
    primary: ['plasterRecycling'],
    secondary: ['landfill'],
    outletCounts: [0.8, 0.2, 0],
    transit: 0.1,
    downgradable: true,
    treatment: [60, 100],
    transport: [20, 50],
  },
  INFORMATIQUE: {
    season: 'office',
    interval: [45, 90],
    primary: ['weee'],
    secondary: ['weee'],
    outletCounts: [1, 0, 0],
    transit: 0.2,
    downgradable: false,
    treatment: [20, 35],
    transport: [20, 45],
  },
  TUBES_LAMPES: {
    season: 'office',
    primary: ['lamps'],
    secondary: ['glassworks'],
    outletCounts: [0.7, 0.3, 0],
    transit: 0.4,
    downgradable: false,
    treatment: [20, 60],
    transport: [25, 50],
  },
  VERRE_PLAT: {
    season: 'construction',
    primary: ['flatGlass'],
    secondary: ['inertRecycling'],
    outletCounts: [0.85, 0.15, 0],
    transit: 0,
    downgradable: true,
    treatment: [25, 60],
    transport: [20, 50],
  },
  EMBALLAGES_VERRE: {
    season: 'canteen',
    interval: [14, 30],
    primary: ['glassworks'],
    secondary: ['glassworks'],
    outletCounts: [1, 0, 0],
    transit: 0.1,
    downgradable: false,
    treatment: [20, 40],
    transport: [15, 35],
  },
  SOLVANTS: {
    season: 'industry',
    primary: ['solventRegeneration'],
    secondary: ['cementKiln'],
    outletCounts: [0.7, 0.3, 0],
    transit: 0.3,
    downgradable: false,
    treatment: [150, 250],
    transport: [30, 60],
  },
};

export const DEFAULT_FLOW: FlowProfile = {
  season: 'industry',
  primary: ['energyRecovery'],
  secondary: ['landfill'],
  outletCounts: [0.7, 0.3, 0],
  transit: 0.1,
  downgradable: false,
  treatment: [80, 160],
  transport: [20, 50],
};

/**
 * Days between two rotations by kind of container: bins weekly to monthly, skips and compactors every two to six
 * weeks, pallets every one to three months, hazardous drums, boxes and IBCs every two to four months.
 */
export function intervalOfSkipType(skipType: string, dangerous: boolean): readonly [number, number] {
  if (dangerous) return [60, 120];
  if (skipType.startsWith('BAC_')) return [7, 30];
  if (skipType.startsWith('BENNE') || skipType.startsWith('COMPACTEUR')) return [14, 42];
  if (skipType.startsWith('FUT_') || skipType.startsWith('GRV_') || skipType.startsWith('CAISSE_'))
    return [60, 120];
  return [30, 90];
}

/** What producers write when they ask. */
export const REQUEST_COMMENTS = [
  'Benne pleine, merci de passer rapidement.',
  'Accès par le portail nord, quai 2.',
  "Merci de prévenir l'accueil à votre arrivée.",
  'Accès possible à partir de 7 h.',
  'Contenant débordant, intervention rapide souhaitée.',
  'Attention, livraison de matériaux le matin : passer après 14 h.',
  'Le badge est à retirer au poste de garde.',
];

export const RETIREMENT_COMMENTS = [
  'Fin de l’activité sur ce site : merci de reprendre le contenant.',
  'Contenant remplacé par un modèle plus grand.',
  'Flux regroupé avec un autre contenant.',
  'Fin du chantier.',
];

/** What providers write when an operation did not go as planned. */
export const INCIDENT_COMMENTS = {
  downgraded:
    'Erreur de tri constatée (plâtre et films dans la benne) : une partie du chargement est déclassée.',
  overloaded:
    'Contenant surchargé : pesée supérieure à la charge utile, merci de ne pas dépasser le trait de remplissage.',
  delayed: 'Accès encombré par des véhicules : intervention reportée au jour ouvré suivant.',
  damaged: 'Contenant endommagé lors du levage, remplacement à prévoir.',
  leak: 'Fuite constatée sur un emballage, reconditionnement sur place avant transport.',
} as const;

export const NOT_CARRIED_OUT_COMMENTS = [
  'Accès impossible : portail fermé à notre arrivée.',
  'Contenant inaccessible (véhicules stationnés devant).',
  'Panne du véhicule de collecte, merci de refaire une demande.',
  'Contenant vide à notre arrivée.',
];

export const NOT_PROCESSED_COMMENTS = [
  'Demande en double avec une demande précédente.',
  'Contenant déjà vidé la veille lors de la tournée.',
  'Hors du périmètre du contrat : merci de contacter votre commercial.',
];

/** What producers declare after an operation went wrong on their site. */
export const OPERATION_INCIDENTS = [
  'Benne renversée lors de l’enlèvement, contenu répandu sur le quai.',
  'Contenant reposé devant l’issue de secours au lieu de son emplacement.',
  'Déchets tombés sur la voirie pendant le chargement, non ramassés.',
  'Contenant rendu avec une porte qui ne ferme plus.',
  'Enlèvement effectué sans passage à l’accueil, bon non signé.',
];

/** What producers declare about a container itself. */
export const CONTAINER_INCIDENTS = [
  'Couvercle cassé : le contenant prend l’eau.',
  'Roue bloquée, le bac ne peut plus être déplacé.',
  'Contenant fissuré, fuite de lixiviats au sol.',
  'Étiquetage illisible, à remplacer.',
];
