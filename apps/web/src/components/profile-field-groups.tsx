import type { Control, FieldPathByValue, FieldValues, Path } from 'react-hook-form';
import { capFilter, codfisFilter, phoneFilter } from '@portal/shared/validation/filters';
import { pivaFilter } from '../lib/input-filters.ts';
import { FormProvinceField } from './form-fields.tsx';
import { WideField } from './form-section.tsx';
import { FormTextField } from './form-text-field.tsx';

/**
 * The field groups the registries' forms (posatore, partner, rivenditore, capoarea) share: the address, the
 * company contacts with the partita IVA, and the codice fiscale. Each form keeps its own sections and order; a
 * group only renders its fields, with ids `{idPrefix}-{field}` (what the journeys find them by).
 */
type AddressValues = { address: string; city: string; cap: string; state: string };
type CompanyValues = { phone: string; cell: string; email: string; website: string; piva: string };

type GroupProps<T extends FieldValues> = {
  control: Control<T>;
  /** 'profile' makes 'profile-city'. */
  idPrefix: string;
  readOnly?: boolean;
};

// A group is generic over the form, whose record has these fields under these names: the constraint on T says so,
// and TypeScript cannot resolve a literal to Path<T> for a generic T on its own.
const at = <T extends FieldValues>(name: string) => name as Path<T>;

/** A props spread shared by a group's text fields. */
function textProps<T extends FieldValues>({ control, readOnly }: GroupProps<T>) {
  return { control, fullWidth: true, slotProps: { input: { readOnly } } } as const;
}

/** Indirizzo, Città, CAP and Provincia. */
export function AddressFields<T extends FieldValues & AddressValues>(
  props: GroupProps<T> & {
    required?: boolean;
    /** How wide the address is: see WideField (it completes the row the form's earlier fields leave). */
    addressSpan: 'two' | 'two-sm';
  },
) {
  const { control, idPrefix, readOnly, required, addressSpan } = props;
  const text = textProps(props);
  return (
    <>
      <WideField span={addressSpan}>
        <FormTextField
          {...text}
          name={at<T>('address')}
          id={`${idPrefix}-address`}
          label="Indirizzo e numero civico"
          required={required}
          autoComplete="street-address"
        />
      </WideField>
      <FormTextField
        {...text}
        name={at<T>('city')}
        id={`${idPrefix}-city`}
        label="Città"
        required={required}
        autoComplete="address-level2"
      />
      <FormTextField
        {...text}
        maxLength={5}
        name={at<T>('cap')}
        id={`${idPrefix}-cap`}
        label="CAP"
        required={required}
        filter={capFilter}
        autoComplete="postal-code"
        slotProps={{ input: { readOnly }, htmlInput: { inputMode: 'numeric' } }}
      />
      <FormProvinceField
        control={control}
        name={at<T>('state') as FieldPathByValue<T, string>}
        id={`${idPrefix}-state`}
        label="Provincia"
        required={required}
        readOnly={readOnly}
      />
    </>
  );
}

/** Codice fiscale: upper case as typed, 16 characters at the most. */
export function CodiceFiscaleField<T extends FieldValues & { codfis: string }>(
  props: GroupProps<T> & { required?: boolean },
) {
  return (
    <FormTextField
      {...textProps(props)}
      maxLength={16}
      name={at<T>('codfis')}
      id={`${props.idPrefix}-codfis`}
      label="Codice fiscale"
      required={props.required}
      filter={codfisFilter}
      slotProps={{
        input: { readOnly: props.readOnly },
        htmlInput: { autoCapitalize: 'characters', spellCheck: false },
      }}
    />
  );
}

/** Telefono, Cellulare, Email, Sito Web and Partita IVA. */
export function CompanyFields<T extends FieldValues & CompanyValues>(
  props: GroupProps<T> & {
    emailRequired?: boolean;
    /** Under the e-mail: a new account's says it is also the login. */
    emailHelperText?: string | undefined;
  },
) {
  const { idPrefix, readOnly, emailRequired, emailHelperText } = props;
  const text = textProps(props);
  return (
    <>
      <FormTextField
        {...text}
        name={at<T>('phone')}
        id={`${idPrefix}-phone`}
        label="Telefono"
        filter={phoneFilter}
        type="tel"
        autoComplete="tel"
      />
      <FormTextField
        {...text}
        name={at<T>('cell')}
        id={`${idPrefix}-cell`}
        label="Cellulare"
        filter={phoneFilter}
        type="tel"
      />
      <FormTextField
        {...text}
        name={at<T>('email')}
        id={`${idPrefix}-email`}
        label="Email"
        required={emailRequired}
        type="email"
        autoComplete="email"
        helperText={emailHelperText}
      />
      <FormTextField
        {...text}
        name={at<T>('website')}
        id={`${idPrefix}-website`}
        label="Sito Web"
        type="url"
        autoComplete="url"
      />
      <FormTextField
        {...text}
        maxLength={11}
        name={at<T>('piva')}
        id={`${idPrefix}-piva`}
        label="Partita IVA"
        filter={pivaFilter}
        slotProps={{ input: { readOnly }, htmlInput: { inputMode: 'numeric' } }}
      />
    </>
  );
}

/** Nome and Cognome, both required where the form's rules ask for them. */
export function PersonNameFields<T extends FieldValues & { name: string; lastname: string }>(
  props: GroupProps<T> & { required?: boolean },
) {
  const text = textProps(props);
  return (
    <>
      <FormTextField
        {...text}
        name={at<T>('name')}
        id={`${props.idPrefix}-name`}
        label="Nome"
        required={props.required}
        autoComplete="given-name"
      />
      <FormTextField
        {...text}
        name={at<T>('lastname')}
        id={`${props.idPrefix}-lastname`}
        label="Cognome"
        required={props.required}
        autoComplete="family-name"
      />
    </>
  );
}
