import { PageTitle } from '../../../components/page-title.tsx';
import { ImportWizard } from '../../../features/imports/components/import-wizard.tsx';
import { ImportsHistory } from '../../../features/imports/components/imports-history.tsx';

/** /admin/importazione: the import wizard, and the imports done so far. */
export function AdminImportazionePage() {
  return (
    <>
      <PageTitle title="Importazione" />
      <ImportWizard />
      <ImportsHistory />
    </>
  );
}
