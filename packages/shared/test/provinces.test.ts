import { describe, expect, it } from 'vitest';
import { ABROAD, provinces, provinceSigle } from '../src/provinces.ts';

describe('provinces', () => {
  it('lists exactly the 107 Italian provinces plus EE', () => {
    const italian = provinces.filter((p) => p.sigla !== ABROAD);
    expect(italian).toHaveLength(107);
    expect(provinces).toHaveLength(108);
    expect(provinceSigle.size).toBe(108);
    expect(provinces).toContainEqual({ sigla: 'EE', name: 'Estero', region: '' });
  });

  it('uses unique two-letter upper-case sigle and names', () => {
    for (const p of provinces) expect(p.sigla).toMatch(/^[A-Z]{2}$/);
    expect(new Set(provinces.map((p) => p.name)).size).toBe(provinces.length);
  });

  it('covers the 20 regions with their number of provinces', () => {
    const perRegion = new Map<string, number>();
    for (const p of provinces) if (p.sigla !== ABROAD) perRegion.set(p.region, (perRegion.get(p.region) ?? 0) + 1);
    expect(perRegion.size).toBe(20);
    expect(perRegion.get('Lombardia')).toBe(12);
    expect(perRegion.get('Sicilia')).toBe(9);
    expect(perRegion.get('Sardegna')).toBe(5);
    expect(perRegion.get("Valle d'Aosta")).toBe(1);
  });

  it('has the current sigle (SU, BT, MB, FM) and not the abolished Sardinian ones', () => {
    for (const sigla of ['SU', 'BT', 'MB', 'FM', 'AG', 'RM', 'VB', 'FC']) expect(provinceSigle.has(sigla)).toBe(true);
    for (const sigla of ['CI', 'VS', 'OG', 'OT', 'FO', 'PS']) expect(provinceSigle.has(sigla)).toBe(false);
    expect(provinces.find((p) => p.sigla === 'SU')).toEqual({
      sigla: 'SU',
      name: 'Sud Sardegna',
      region: 'Sardegna',
    });
  });
});
