import { capRule, emailRule, twoCharStateRule } from './field-rules.ts';
import { optional, required, type RuleSet } from './rules.ts';

export type CompanyImportField = 'code' | 'ragsoc' | 'email' | 'cap' | 'state';

/**
 * A company row of the CRM's export. The registry needs the ContactID that finds the company again on the next
 * import and a name; e-mail, CAP and province are checked when present. The validity dates are read on the server,
 * which knows the sheet's date forms.
 */
export const companyImportRules: RuleSet<CompanyImportField> = {
  fields: {
    code: required(),
    ragsoc: required(),
    email: optional(emailRule),
    cap: optional(capRule),
    state: optional(twoCharStateRule),
  },
};
