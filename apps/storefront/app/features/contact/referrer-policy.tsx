/**
 * The server answers with `Referrer-Policy: no-referrer`, under which browsers send `Origin: null`
 * with a form post, and React Router's CSRF check refuses such an action (400) when JavaScript is
 * off. `same-origin` still sends nothing to other sites. React hoists this tag into <head>; it can
 * go once the server's own policy is `same-origin`.
 */
export function FormPostReferrerPolicy() {
  return <meta name="referrer" content="same-origin" />;
}
