import type { Consistency } from '@portal/domain';

/**
 * Containers of the generated worlds: what a French producer really keeps on site, with the skip types and
 * wastes of migration 003 (by code) and official waste and treatment codes. Every third one is hazardous,
 * so that any few consecutive templates mix both kinds.
 */
export interface SkipTemplate {
  name: string;
  /** `skip_types.code`. */
  skipType: string;
  /** `third_level_wastes.code`. */
  waste: string;
  wasteCode: string;
  plannedTreatmentCode: string;
  /** Tonnes when full, 3 decimals. */
  estimatedFullQuantity: string;
  packageCount: number;
  ecoOrganisation?: string;
  hazardous?: { consistency: Consistency; adrMention: string; adrNumber: string | null };
}

export const SKIP_TEMPLATES: readonly SkipTemplate[] = [
  {
    name: 'Benne carton',
    skipType: 'BENNE_FERMEE_30',
    waste: 'EMBALLAGES_CARTON',
    wasteCode: '15 01 01',
    plannedTreatmentCode: 'R 3',
    estimatedFullQuantity: '3.000',
    packageCount: 1,
  },
  {
    name: 'Compacteur DIB',
    skipType: 'COMPACTEUR_20',
    waste: 'DAE_MELANGE',
    wasteCode: '20 03 01',
    plannedTreatmentCode: 'R 12',
    estimatedFullQuantity: '6.000',
    packageCount: 1,
  },
  {
    name: 'Fûts huiles usagées',
    skipType: 'FUT_200',
    waste: 'HUILES_MOTEUR',
    wasteCode: '13 02 05*',
    plannedTreatmentCode: 'R 9',
    estimatedFullQuantity: '0.720',
    packageCount: 4,
    ecoOrganisation: 'Cyclevia',
    hazardous: {
      consistency: 'LIQUID',
      adrMention: "Huiles usagées non soumises à l'ADR (point d'éclair supérieur à 60 °C)",
      adrNumber: null,
    },
  },
  {
    name: 'Benne ferraille',
    skipType: 'BENNE_15',
    waste: 'FERRAILLE',
    wasteCode: '17 04 05',
    plannedTreatmentCode: 'R 4',
    estimatedFullQuantity: '4.500',
    packageCount: 1,
  },
  {
    name: 'Bac papiers de bureau',
    skipType: 'BAC_240',
    waste: 'PAPIERS_BUREAU',
    wasteCode: '20 01 01',
    plannedTreatmentCode: 'R 3',
    estimatedFullQuantity: '0.030',
    packageCount: 2,
  },
  {
    name: 'Caisse emballages souillés',
    skipType: 'CAISSE_PALETTE_600',
    waste: 'EMBALLAGES_SOUILLES',
    wasteCode: '15 01 10*',
    plannedTreatmentCode: 'R 1',
    estimatedFullQuantity: '0.150',
    packageCount: 1,
    hazardous: {
      consistency: 'SOLID',
      adrMention: 'UN 3175 DÉCHET SOLIDES CONTENANT DU LIQUIDE INFLAMMABLE, N.S.A., 4.1, GE II, (E)',
      adrNumber: 'UN 3175',
    },
  },
  {
    name: 'Benne bois',
    skipType: 'BENNE_30',
    waste: 'PALETTES_BOIS',
    wasteCode: '15 01 03',
    plannedTreatmentCode: 'R 3',
    estimatedFullQuantity: '5.000',
    packageCount: 1,
  },
  {
    name: 'Bac films plastiques',
    skipType: 'BAC_770',
    waste: 'FILMS_PLASTIQUES',
    wasteCode: '15 01 02',
    plannedTreatmentCode: 'R 3',
    estimatedFullQuantity: '0.080',
    packageCount: 1,
  },
  {
    name: 'Fût aérosols',
    skipType: 'FUT_60',
    waste: 'AEROSOLS',
    wasteCode: '16 05 04*',
    plannedTreatmentCode: 'R 4',
    estimatedFullQuantity: '0.020',
    packageCount: 1,
    hazardous: {
      consistency: 'GASEOUS',
      adrMention: 'UN 1950 DÉCHET AÉROSOLS, 2.1, (D)',
      adrNumber: 'UN 1950',
    },
  },
  {
    name: 'Benne gravats',
    skipType: 'BENNE_10',
    waste: 'GRAVATS_MELANGE',
    wasteCode: '17 01 07',
    plannedTreatmentCode: 'R 5',
    estimatedFullQuantity: '12.000',
    packageCount: 1,
  },
  {
    name: 'Bacs biodéchets cantine',
    skipType: 'BAC_240',
    waste: 'DECHETS_ALIMENTAIRES',
    wasteCode: '20 01 08',
    plannedTreatmentCode: 'R 3',
    estimatedFullQuantity: '0.150',
    packageCount: 3,
  },
  {
    name: 'Fût à piles',
    skipType: 'FUT_30',
    waste: 'PILES_MELANGE',
    wasteCode: '20 01 33*',
    plannedTreatmentCode: 'R 4',
    estimatedFullQuantity: '0.040',
    packageCount: 1,
    ecoOrganisation: 'Screlec',
    hazardous: {
      consistency: 'SOLID',
      adrMention: 'Piles usagées en mélange, disposition spéciale 636 de l’ADR',
      adrNumber: null,
    },
  },
  {
    name: 'Benne plâtre',
    skipType: 'BENNE_15',
    waste: 'PLAQUES_PLATRE',
    wasteCode: '17 08 02',
    plannedTreatmentCode: 'R 5',
    estimatedFullQuantity: '3.000',
    packageCount: 1,
  },
  {
    name: 'Palette DEEE informatique',
    skipType: 'PALETTE',
    waste: 'INFORMATIQUE',
    wasteCode: '16 02 14',
    plannedTreatmentCode: 'R 4',
    estimatedFullQuantity: '0.300',
    packageCount: 1,
    ecoOrganisation: 'ecosystem',
  },
  {
    name: 'Caisse tubes fluorescents',
    skipType: 'CAISSE_PALETTE_600',
    waste: 'TUBES_LAMPES',
    wasteCode: '20 01 21*',
    plannedTreatmentCode: 'R 4',
    estimatedFullQuantity: '0.100',
    packageCount: 1,
    ecoOrganisation: 'ecosystem',
    hazardous: {
      consistency: 'SOLID',
      adrMention: 'UN 3506 MERCURE CONTENU DANS DES OBJETS MANUFACTURÉS, 8 (6.1), GE III',
      adrNumber: 'UN 3506',
    },
  },
  {
    name: 'Benne verre plat',
    skipType: 'BENNE_7',
    waste: 'VERRE_PLAT',
    wasteCode: '17 02 02',
    plannedTreatmentCode: 'R 5',
    estimatedFullQuantity: '4.000',
    packageCount: 1,
  },
  {
    name: 'Bac verre cantine',
    skipType: 'BAC_120',
    waste: 'EMBALLAGES_VERRE',
    wasteCode: '15 01 07',
    plannedTreatmentCode: 'R 5',
    estimatedFullQuantity: '0.060',
    packageCount: 2,
  },
  {
    name: 'GRV solvants',
    skipType: 'GRV_1000',
    waste: 'SOLVANTS',
    wasteCode: '14 06 03*',
    plannedTreatmentCode: 'R 2',
    estimatedFullQuantity: '0.850',
    packageCount: 1,
    hazardous: {
      consistency: 'LIQUID',
      adrMention: 'UN 1993 DÉCHET LIQUIDE INFLAMMABLE, N.S.A., 3, GE II, (D/E)',
      adrNumber: 'UN 1993',
    },
  },
];

/** Where a container stands on a site, to tell two of a kind apart. */
export const SKIP_PLACES = ['quai 1', 'quai 2', 'atelier', 'cour', 'zone de tri', 'local déchets', 'magasin'];

/** The skip types each kind of provider offers (`skip_site_links`). */
export const OFFERED_SKIP_TYPES = {
  collector: [
    'BAC_120',
    'BAC_240',
    'BAC_340',
    'BAC_660',
    'BAC_770',
    'BENNE_7',
    'BENNE_10',
    'BENNE_15',
    'BENNE_20',
    'BENNE_30',
    'BENNE_FERMEE_30',
    'COMPACTEUR_20',
    'PALETTE',
  ],
  recycler: [
    'BENNE_15',
    'BENNE_30',
    'BIG_BAG_1',
    'BIG_BAG_AMIANTE',
    'PALETTE',
    'CAISSE_PALETTE_600',
    'FUT_30',
    'FUT_60',
    'FUT_200',
    'GRV_1000',
    'CARTON_DASRI_50',
  ],
} as const;
