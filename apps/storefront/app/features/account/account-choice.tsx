import { Link } from 'react-router';

export type AccountKind = 'shopper' | 'wholesale';

const CHOICES: { kind: AccountKind; to: string; title: string; text: string }[] = [
  {
    kind: 'shopper',
    to: '/sign-up',
    title: 'Shopper account',
    text: 'Granola for your own pantry, at shop prices.',
  },
  {
    kind: 'wholesale',
    to: '/sign-up?account=wholesale',
    title: 'Wholesale account',
    text: 'For cafés, shops and offices: wholesale prices once we approve you.',
  },
];

export const accountKindOf = (params: URLSearchParams): AccountKind =>
  params.get('account') === 'wholesale' ? 'wholesale' : 'shopper';

/**
 * The sign-up page's two choices, as links: each is an address of its own, so the server renders
 * the chosen form and focus stays on the choice after switching (decision 48).
 */
export function AccountChoice({ kind }: { kind: AccountKind }) {
  return (
    <nav className="account-choice" aria-label="Kind of account">
      <ul className="account-choice__list">
        {CHOICES.map((choice) => (
          <li key={choice.kind}>
            <Link
              to={choice.to}
              replace
              preventScrollReset
              className="account-choice__option"
              aria-current={choice.kind === kind ? 'page' : undefined}
            >
              <span className="account-choice__title">{choice.title}</span>
              <span className="account-choice__text">{choice.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
