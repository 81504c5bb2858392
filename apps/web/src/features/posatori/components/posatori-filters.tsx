import { accountStatoLabels, accountStati, posatoriQuery, type PosatoriQuery } from '@portal/shared/schemas/posatori';
import { ComboSelect } from '../../../components/combo-select.tsx';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { MonthYearField } from '../../../components/month-year-field.tsx';
import { UNFINISHED_MONTH } from '../../../components/picker-field-props.ts';
import { ProvinceTypeahead } from '../../../components/province-typeahead.tsx';
import { TextFilter } from '../../../components/text-filter.tsx';
import { toListQuery } from '../../../lib/list-search-params.ts';
import { useCombo } from '../../combos/api/get-combo.ts';

/** The filters of the installer lists, named as the API's query parameters (posatoriQuery). */
export type PosatoriFilterKey =
  'tipo' | 'certificato' | 'state' | 'stato' | 'accesso' | 'code' | 'name' | 'dtcorso' | 'order';

/** The account filter's options: what the status dot shows. */
const accessoOptions = accountStati.map((value) => ({ value, label: accountStatoLabels[value] }));
export type PosatoriFilterValues = Record<PosatoriFilterKey, string>;

/** The default order of the server (posaOrders): choosing it again leaves the URL clean. */
const DEFAULT_ORDER = 'cognome';

/** The API query for the URL's filters and page (a value the API would refuse is dropped). */
export function toPosatoriQuery(values: Partial<PosatoriFilterValues>, page: number): PosatoriQuery {
  return toListQuery(posatoriQuery, values, page);
}

/**
 * The filters a list's URL holds, as an export or a bulk action sends them: the list's query without page, size
 * and order (the export's rows are in name order, all of them).
 */
export function listFiltersOf(search: string) {
  const {
    page: _page,
    size: _size,
    order: _order,
    ...filters
  } = toPosatoriQuery(Object.fromEntries(new URLSearchParams(search)), 1);
  return filters;
}

type PosatoriFiltersProps = {
  /** Which filters this list offers (each area has its own). */
  keys: readonly PosatoriFilterKey[];
  values: PosatoriFilterValues;
  onChange: (changes: Partial<PosatoriFilterValues>) => void;
  onClear: () => void;
};

export function PosatoriFilters({ keys, values, onChange, onClear }: PosatoriFiltersProps) {
  const has = (key: PosatoriFilterKey) => keys.includes(key);
  const qualifiche = useCombo('qualifiche', undefined, { enabled: has('tipo') });
  const tipicert = useCombo('tipicert', undefined, { enabled: has('certificato') });
  const stati = useCombo('cbostato', undefined, { enabled: has('stato') });
  const orders = useCombo('posaorder', undefined, { enabled: has('order') });
  const activeCount = keys.filter((key) => values[key] !== '').length;

  return (
    <FilterBar title="Filtra posatori" activeCount={activeCount} onClear={onClear}>
      {has('name') && (
        <TextFilter id="filter-name" label="Nome" value={values.name} onChange={(name) => onChange({ name })} />
      )}
      {has('code') && (
        <TextFilter
          id="filter-code"
          label="Codice"
          maxLength={30}
          value={values.code}
          onChange={(code) => onChange({ code })}
        />
      )}
      {has('state') && (
        <ProvinceTypeahead
          id="filter-state"
          size="small"
          value={values.state}
          onChange={(state) => onChange({ state })}
        />
      )}
      {has('tipo') && (
        <ComboSelect
          id="filter-tipo"
          label="Qualifica"
          size="small"
          options={qualifiche.data ?? []}
          value={values.tipo}
          onChange={(tipo) => onChange({ tipo })}
        />
      )}
      {has('certificato') && (
        <ComboSelect
          id="filter-certificato"
          label="Certificato"
          size="small"
          options={tipicert.data ?? []}
          value={values.certificato}
          onChange={(certificato) => onChange({ certificato })}
        />
      )}
      {/* Two states, two filters: the profile (the label beside the name) and the login (the dot). */}
      {has('stato') && (
        <ComboSelect
          id="filter-stato"
          label="Profilo"
          size="small"
          options={stati.data ?? []}
          value={values.stato}
          onChange={(stato) => onChange({ stato })}
        />
      )}
      {has('accesso') && (
        <ComboSelect
          id="filter-accesso"
          label="Accesso"
          size="small"
          options={accessoOptions}
          value={values.accesso}
          onChange={(accesso) => onChange({ accesso })}
        />
      )}
      {has('dtcorso') && (
        <MonthYearField
          id="filter-dtcorso"
          label="Data corso"
          size="small"
          // The URL and the API hold the month as YYYY-MM; the field works with YYYY-MM-01.
          value={values.dtcorso ? `${values.dtcorso}-01` : ''}
          onChange={(month) => {
            // A half-typed month filters nothing yet; the list changes once it is whole (or cleared).
            if (month !== UNFINISHED_MONTH) onChange({ dtcorso: month.slice(0, 7) });
          }}
        />
      )}
      {has('order') && (
        <ComboSelect
          id="filter-order"
          label="Ordina per"
          size="small"
          emptyLabel={null}
          options={orders.data ?? []}
          value={orders.data ? values.order || DEFAULT_ORDER : ''}
          onChange={(order) => onChange({ order: order === DEFAULT_ORDER ? '' : order })}
        />
      )}
    </FilterBar>
  );
}
