import type { WholesaleTerms } from '@larder/contract';
import { formatCents } from '@larder/contract/money';
import { wholesaleProgress, type WholesaleLine } from './wholesale-cart.ts';

/** A wholesale buyer's progress towards their order minimum (decision 0037). */
export function WholesaleMinimum({
  terms,
  subtotalCents,
}: {
  terms: WholesaleTerms;
  subtotalCents: number;
}) {
  const progress = wholesaleProgress(terms, subtotalCents);
  if (progress.minimumCents === 0) return null;
  return (
    <div className="wholesale-minimum" data-testid="wholesale-minimum" data-met={progress.met}>
      <p className="wholesale-minimum__message">{progress.message}</p>
      <meter
        className="wholesale-minimum__meter"
        aria-label={`${formatCents(progress.subtotalCents)} of the ${formatCents(progress.minimumCents)} minimum`}
        min={0}
        max={progress.minimumCents}
        value={Math.min(progress.subtotalCents, progress.minimumCents)}
      />
    </div>
  );
}

/** The lines the case and minimum rules refuse, each named as the order would name it. */
export function WholesaleLineRules({ lines }: { lines: ReadonlyMap<number, WholesaleLine> }) {
  const refusals = [...lines.values()].flatMap((line) => (line.refusal ? [line.refusal] : []));
  if (refusals.length === 0) return null;
  return (
    <ul className="wholesale-line-rules" data-testid="wholesale-line-rules">
      {refusals.map((refusal) => (
        <li key={refusal}>{refusal}</li>
      ))}
    </ul>
  );
}
