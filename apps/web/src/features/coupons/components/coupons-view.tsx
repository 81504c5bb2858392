import { useState } from 'react';
import { reportUrl } from '@portal/shared/schemas/reports';
import { BackToList } from '../../../components/back-to-list.tsx';
import { usePdfReport } from '../../../components/pdf-report-dialog.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { Pager } from '../../../components/pager.tsx';
import { useInstallerCoupons } from '../api/coupons.ts';
import { CouponTotalsBar } from './coupon-cards.tsx';
import { CouponsTable } from './coupons-table.tsx';
import { failedToLoad, LoadError } from '../../../components/load-error.tsx';

/**
 * 'Vedi Coupon': an installer's coupons, read-only, for the admin and for the area manager with
 * the installer in reach (/{area}/posatori/{id}/coupon).
 */
export function CouponsView({
  posatore,
  listPath,
  listSearch,
}: {
  posatore: string;
  listPath: string;
  listSearch: string;
}) {
  const [page, setPage] = useState(1);
  const coupons = useInstallerCoupons('readcoupons', posatore, page);
  const data = coupons.data;
  const pdf = usePdfReport();
  return (
    <>
      {pdf.dialog}
      <BackToList pathname={listPath} search={listSearch} />
      <PageTitle title={data ? `Coupon di ${data.posatore}` : 'Coupon'} />
      {failedToLoad(coupons) ? (
        <LoadError error={coupons.error} />
      ) : (
        <>
          <CouponTotalsBar totals={data?.totals} />
          <CouponsTable
            rows={data?.data ?? []}
            loading={coupons.isFetching}
            onVoucher={(c) => pdf.show(reportUrl('coupon', c.uuid), `Buono coupon ${c.code}`)}
            footer={data && <Pager page={data.page} pages={data.pages} onChange={setPage} label="Pagine dei coupon" />}
          />
        </>
      )}
    </>
  );
}
