/** Reference lists behind the combo endpoints (qualifiche, tipiposa, ...), one row per option. */
export interface CombosTable {
  combo: string;
  value: string;
  label: string;
  sort: number;
}
