import { describe, expect, it } from 'vitest';
import { CO2_FACTORS, co2Of, percentOf, treatmentFamily, valorisationOf } from '../src/index.ts';

/** A hand-computed fixture: tonnages with known final codes, transit included, and the figures they give. */
describe('valorisation rate (DOMAIN.md)', () => {
  it('classes codes: R 1 energy, the other final R codes material, D disposal, transit codes apart', () => {
    expect(treatmentFamily('R 1')).toBe('ENERGY');
    expect(treatmentFamily('R3')).toBe('MATERIAL');
    expect(treatmentFamily('R 0')).toBe('MATERIAL');
    expect(treatmentFamily('R 11')).toBe('MATERIAL');
    expect(treatmentFamily('D 10')).toBe('DISPOSAL');
    expect(treatmentFamily('D 9 F')).toBe('DISPOSAL');
    for (const code of ['R 12', 'R 13', 'D 13', 'D 14', 'D 15'])
      expect(treatmentFamily(code)).toBe('TRANSIT');
    expect(treatmentFamily('X 1')).toBeNull();
  });

  it('computes the rates over the tonnes whose final treatment is known, exactly', () => {
    // 6 t recycled (R 3), 1.5 t burnt for energy (R 1), 2.5 t landfilled (D 5), 1 t still in transit (R 13).
    const figures = valorisationOf([
      { tonnes: '4.000', treatmentCode: 'R 3' },
      { tonnes: '2', treatmentCode: 'R 4' },
      { tonnes: '1,5', treatmentCode: 'R 1' },
      { tonnes: '2.5', treatmentCode: 'D 5' },
      { tonnes: '1', treatmentCode: 'R 13' },
    ]);
    expect(figures.total).toBe(11_000n);
    expect(figures.tonnes).toEqual({ MATERIAL: 6_000n, ENERGY: 1_500n, DISPOSAL: 2_500n, TRANSIT: 1_000n });
    // (6 + 1.5) / 10 = 75 %; material 60 %, energy 15 %.
    expect(figures).toMatchObject({ valorisationRate: '75.0', materialRate: '60.0', energyRate: '15.0' });
  });

  it('has no rate without a known final treatment, and rounds half up to one decimal', () => {
    expect(valorisationOf([{ tonnes: '1', treatmentCode: 'D 15' }]).valorisationRate).toBeNull();
    expect(valorisationOf([]).valorisationRate).toBeNull();
    expect(percentOf(1n, 3n)).toBe('33.3');
    expect(percentOf(2n, 3n)).toBe('66.7');
    expect(percentOf(1n, 8n)).toBe('12.5');
  });
});

describe('CO2 emitted and avoided (DOMAIN.md)', () => {
  it('multiplies exact tonnes by the versioned factors, emitted and avoided apart, never netted', () => {
    const figures = co2Of([
      // Cardboard recycled: 992 kg emitted, -379 kg avoided per tonne.
      { tonnes: '2.5', treatmentCode: 'R 3', flow: 'PAPIER_CARTON' },
      // Mixed waste landfilled: 412 kg per tonne.
      { tonnes: '1', treatmentCode: 'D 5', flow: 'MELANGE' },
      // No factor: wood, and a transit code.
      { tonnes: '3', treatmentCode: 'R 3', flow: 'BOIS' },
      { tonnes: '0.5', treatmentCode: 'R 13', flow: 'PAPIER_CARTON' },
    ]);
    // 2.5 × 992 + 1 × 412 = 2,892 kg = 2.892 t; 2.5 × -379 = -947.5 kg = -0.948 t (half away from zero).
    expect(figures).toEqual({ emitted: '2.892', avoided: '-0.948', uncovered: '3.500' });
    expect(CO2_FACTORS.version).toMatch(/^ademe-base-carbone-/);
    expect(CO2_FACTORS.flows.PAPIER_CARTON?.RECYCLING?.source).toContain('34480');
  });
});
