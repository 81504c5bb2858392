import { FilterBar } from '../../../components/filter-bar.tsx';
import { ProvinceTypeahead } from '../../../components/province-typeahead.tsx';
import { TextFilter } from '../../../components/text-filter.tsx';

/** The filters of the partner lists (company name, province, code), named as the API's. */
export const partnerFilterKeys = ['ragsoc', 'state', 'code'] as const;
export type PartnerFilterKey = (typeof partnerFilterKeys)[number];
export type PartnerFilterValues = Record<PartnerFilterKey, string>;

type PartnersFiltersProps = {
  values: PartnerFilterValues;
  onChange: (changes: Partial<PartnerFilterValues>) => void;
  onClear: () => void;
};

export function PartnersFilters({ values, onChange, onClear }: PartnersFiltersProps) {
  const activeCount = partnerFilterKeys.filter((key) => values[key] !== '').length;
  return (
    <FilterBar title="Filtra partner" activeCount={activeCount} onClear={onClear}>
      <TextFilter
        id="filter-ragsoc"
        label="Ragione sociale"
        value={values.ragsoc}
        onChange={(ragsoc) => onChange({ ragsoc })}
      />
      <ProvinceTypeahead
        id="filter-state"
        size="small"
        value={values.state}
        onChange={(state) => onChange({ state })}
      />
      <TextFilter
        id="filter-code"
        label="Codice"
        maxLength={30}
        value={values.code}
        onChange={(code) => onChange({ code })}
      />
    </FilterBar>
  );
}
