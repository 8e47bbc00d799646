/** What every back-office action hands back: the outcome in words, shown and focused on the page. */
export interface ActionResult {
  ok: boolean;
  message: string;
  /** Per-field messages (the API's `data.params`, or the contract schema's), by field name. */
  fieldErrors?: Partial<Record<string, string>>;
}
