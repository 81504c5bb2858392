import { useLocation } from 'react-router';
import { BackToList } from '../../../components/back-to-list.tsx';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { listSearchOf } from '../../../lib/list-search-params.ts';
import { usePartner } from '../api/get-partner.ts';
import { partnerAreas, type PartnerArea } from './partner-areas.ts';
import { PartnerAside } from './partner-aside.tsx';
import { PartnerForm } from './partner-form.tsx';
import { PartnerPayments } from './partner-payments.tsx';
import { LoadError } from '../../../components/load-error.tsx';

/**
 * A partner's screen in an area: /{area}/partner/{id} edits it (id), /{area}/newpartner creates one (id null,
 * from the blank record of /api/npartner). Payments for the areas that handle them, once the partner exists.
 */
export function PartnerProfileScreen({ area, id }: { area: PartnerArea; id: string | null }) {
  const setup = partnerAreas[area];
  const location = useLocation();
  const listSearch = listSearchOf(location.state);
  const partner = usePartner(id);
  const title = id === null ? 'Nuovo partner' : 'Modifica Profilo';
  const back = <BackToList pathname={setup.listPath} search={listSearch} />;

  if (partner.isPending) return <FullPageSpinner />;
  if (partner.data === undefined) {
    return (
      <>
        {back}
        <PageTitle title={title} />
        <LoadError error={partner.error} />
      </>
    );
  }

  const data = partner.data;
  return (
    <>
      {back}
      <PageTitle title={title} />
      {/* One form per partner: another id (or the new one once created) starts from its own values. */}
      <PartnerForm
        key={data.uuid || 'nuovo'}
        partner={data}
        setup={setup}
        listSearch={listSearch}
        aside={<PartnerAside partner={data} />}
        after={data.uuid !== '' && setup.payments ? <PartnerPayments partnerId={data.uuid} /> : undefined}
      />
    </>
  );
}
