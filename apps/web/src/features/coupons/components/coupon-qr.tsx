import { couponQr } from '@portal/shared/coupon-qr';

/** A coupon's code as a QR code the counter can scan, drawn as one SVG path (no innerHTML). */
export function CouponQr({ code, size = 132 }: { code: string; size?: number }) {
  const qr = couponQr(code);
  return (
    <svg
      role="img"
      aria-label={`Codice QR del coupon ${code}`}
      width={size}
      height={size}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      shapeRendering="crispEdges"
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
}
