/** A minority-supplier certification seal (spec §2 Footer), drawn inline so it needs no request. */
export function CertificationBadge() {
  return (
    <svg
      className="cert-badge"
      viewBox="0 0 120 120"
      width="96"
      height="96"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <path id="cert-arc-top" d="M10.5 60a49.5 49.5 0 0 1 99 0" />
        <path id="cert-arc-bottom" d="M5.5 60a54.5 54.5 0 0 0 109 0" />
      </defs>
      <circle cx="60" cy="60" r="57" className="cert-badge__ring" />
      <circle cx="60" cy="60" r="47" className="cert-badge__inner" />
      <text className="cert-badge__arc">
        <textPath href="#cert-arc-top" startOffset="50%" textAnchor="middle">
          CERTIFIED
        </textPath>
      </text>
      <text className="cert-badge__arc">
        <textPath href="#cert-arc-bottom" startOffset="50%" textAnchor="middle">
          MINORITY SUPPLIER
        </textPath>
      </text>
      <text x="60" y="66" textAnchor="middle" className="cert-badge__mbe">
        MBE
      </text>
      <path d="M42 74h36" className="cert-badge__rule" />
    </svg>
  );
}
