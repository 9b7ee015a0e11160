import { describe, expect, it } from 'vitest';
import { amountFor, cents, fromCents, netCostCents } from '../src/costs.ts';

describe('euro amounts in cents', () => {
  it('reads dots and commas and writes 2 decimals, signs included', () => {
    expect(cents('12,5')).toBe(1250n);
    expect(cents('210.33')).toBe(21033n);
    expect(cents('-0.05')).toBe(-5n);
    expect(cents('7')).toBe(700n);
    expect(fromCents(1250n)).toBe('12.50');
    expect(fromCents(0n)).toBe('0.00');
    expect(fromCents(-5n)).toBe('-0.05');
    expect(fromCents(123456789n)).toBe('1234567.89');
  });

  it('adds up exactly where floating point drifts', () => {
    const amounts = ['0.10', '0.20', amountFor('2.460', '85.50')];
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(fromCents(amounts.reduce((sum, amount) => sum + cents(amount), 0n))).toBe('210.63');
  });

  it('takes the revenues off the costs', () => {
    expect(
      netCostCents({
        treatmentCost: 10000n,
        transportCost: 2500n,
        recyclingRevenue: 1000n,
        purchasePrice: 500n,
      }),
    ).toBe(11000n);
    expect(
      fromCents(
        netCostCents({ treatmentCost: 0n, transportCost: 0n, recyclingRevenue: 300n, purchasePrice: 0n }),
      ),
    ).toBe('-3.00');
  });
});
