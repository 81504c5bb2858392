import { provinces, type Province } from '@portal/shared/provinces';

/** A typeahead shows at most 20 results. */
const MAX_RESULTS = 20;

const bySigla = new Map(provinces.map((p) => [p.sigla, p]));

/** The province of a sigla; a stored value outside today's list (an old import) is kept, named by its sigla. */
export function provinceOf(sigla: string): Province {
  return bySigla.get(sigla) ?? { sigla, name: sigla, region: '' };
}

export const provinceLabel = (p: Province) => `${p.sigla} - ${p.name}`;
const optionLabel = provinceLabel;

/** Sigla matches first (typing 'MI' means Milano), then names starting with the text, then names containing it. */
export function matchingProvinces(options: readonly Province[], typed: string): Province[] {
  const text = typed.trim().toLowerCase();
  if (text === '') return options.slice(0, MAX_RESULTS);
  const rank = (p: Province) => {
    const name = p.name.toLowerCase();
    if (p.sigla.toLowerCase() === text) return 0;
    if (name.startsWith(text)) return 1;
    if (p.sigla.toLowerCase().startsWith(text)) return 2;
    if (name.includes(text) || optionLabel(p).toLowerCase().includes(text)) return 3;
    return 4;
  };
  return options
    .map((p) => ({ p, r: rank(p) }))
    .filter(({ r }) => r < 4)
    .sort((a, b) => a.r - b.r)
    .slice(0, MAX_RESULTS)
    .map(({ p }) => p);
}
