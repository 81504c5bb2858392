import { encode } from 'uqr';

/**
 * A coupon's code as a QR code the counter can scan: drawn as SVG rectangles from the encoded matrix (no
 * innerHTML). The code alone is encoded, so any scanner that types text fills the 'Copoun' field.
 */
export function CouponQr({ code, size = 132 }: { code: string; size?: number }) {
  const qr = encode(code, { ecc: 'M', border: 2 });
  const cells: string[] = [];
  qr.data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) cells.push(`M${x} ${y}h1v1h-1z`);
    }),
  );
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
      <path d={cells.join('')} fill="#000" />
    </svg>
  );
}
