import { useLocation, useParams } from 'react-router';
import { CouponTypeEdit } from '../../features/coupons/components/coupon-type-form.tsx';
import { CouponTypesScreen } from '../../features/coupons/components/coupon-types-screen.tsx';
import { CouponsView } from '../../features/coupons/components/coupons-view.tsx';
import { MyCouponsScreen } from '../../features/coupons/components/my-coupons-screen.tsx';
import { listSearchOf } from '../../lib/list-search-params.ts';

/** /admin/tcoupons */
export function CouponTypesPage() {
  return <CouponTypesScreen />;
}

/** /admin/newtcoupon */
export function NewCouponTypePage() {
  return <CouponTypeEdit />;
}

/** /admin/edittcoupon/{id} */
export function EditCouponTypePage() {
  const { id = '' } = useParams();
  return <CouponTypeEdit key={id} id={id} />;
}

/** /admin/posatori/{id}/coupon and /capoarea/posatori/{id}/coupon: 'Vedi Coupon', read-only. */
export function CouponsViewPage({ area }: { area: 'admin' | 'capoarea' }) {
  const { id = '' } = useParams();
  const location = useLocation();
  return (
    <CouponsView key={id} posatore={id} listPath={`/${area}/posatori`} listSearch={listSearchOf(location.state)} />
  );
}

/** /posatore/coupons: the installer's own coupons, opened in a new window. */
export function MyCouponsPage() {
  return <MyCouponsScreen />;
}
