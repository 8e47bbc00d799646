/** Spec §3: the subscriptions listed in the customer's meta entry; the caller omits it when there are none. */
export function Subscriptions({ ids }: { ids: string[] }) {
  return (
    <section className="account-subscriptions" aria-labelledby="subscriptions-title">
      <h2 id="subscriptions-title" className="account-details__title">
        Subscriptions
      </h2>
      <ul className="account-subscriptions__list" data-testid="subscriptions">
        {ids.map((id) => (
          <li key={id}>Subscription #{id}</li>
        ))}
      </ul>
    </section>
  );
}
