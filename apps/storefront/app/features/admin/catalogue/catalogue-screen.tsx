import { Form, useNavigation } from 'react-router';
import { SelectField, TextField } from '../../../components/forms/form-field.tsx';
import { SubmitButton } from '../../../components/forms/submit-button.tsx';
import { ActionNotice } from '../action-notice.tsx';
import { AdminPageHeader } from '../admin-shell.tsx';
import { StatusBadge } from '../format.tsx';
import type { CatalogueResult } from './catalogue.server.ts';

const FORMAT_OPTIONS = [
  { code: 'csv', name: 'CSV (spreadsheet)' },
  { code: 'json', name: 'JSON (as the command line writes it)' },
];

const CHANGE_LABELS = { created: 'New', updated: 'Changed', unchanged: 'Unchanged' } as const;

function ExportCard() {
  return (
    <section className="admin-card" aria-labelledby="export-title">
      <h2 id="export-title" className="admin-card__title">
        Export
      </h2>
      <p>
        Every product with its variations, prices, wholesale rules, stock and food data. Open the
        CSV in a spreadsheet, change what you need, and import it again. Wholesale breaks are
        written quantity:price, smallest first (60:6.50|120:6.00); a size whose three wholesale
        cells are empty sells by its product’s rules.
      </p>
      <p className="admin-actions">
        {/* Plain links: the browser saves the file the server sends as an attachment. */}
        <a className="button button--primary" href="/admin/catalogue/export?format=csv" download>
          Download CSV
        </a>
        <a className="button button--secondary" href="/admin/catalogue/export?format=json" download>
          Download JSON
        </a>
      </p>
    </section>
  );
}

function ImportForm() {
  const navigation = useNavigation();
  const sending = navigation.formData?.get('intent');
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      preventScrollReset
      className="admin-form"
      aria-labelledby="import-title"
    >
      <TextField
        id="catalogue-file"
        name="file"
        type="file"
        label="Catalog file"
        accept=".csv,.json,text/csv,application/json"
        hint="A CSV or JSON file exported here or by the command line. Products are matched by slug and variations by SKU; products not in the file stay as they are."
      />
      <SelectField
        id="catalogue-format"
        name="format"
        label="Format"
        required={false}
        placeholder="From the file name (.csv or .json)"
        options={FORMAT_OPTIONS}
      />
      <div className="admin-actions">
        <SubmitButton
          name="intent"
          value="check"
          variant="secondary"
          pending={sending === 'check'}
          pendingLabel="Checking…"
        >
          Check file
        </SubmitButton>
        <SubmitButton
          name="intent"
          value="import"
          pending={sending === 'import'}
          pendingLabel="Importing…"
        >
          Import
        </SubmitButton>
      </div>
      <p className="admin-muted">
        The whole file is checked before anything is written: a file with any problem changes
        nothing. Images must already be in the shop’s media library.
      </p>
    </Form>
  );
}

function ImportOutcome({ result }: { result: CatalogueResult }) {
  if (!result.ok) {
    return (
      <section className="admin-card" aria-labelledby="problems-title">
        <h2 id="problems-title" className="admin-card__title">
          {result.issues.length === 1 ? '1 problem' : `${result.issues.length} problems`} in{' '}
          {result.fileName || 'the file'}
        </h2>
        <ul className="admin-problems" data-testid="catalogue-problems">
          {result.issues.map((issue) => (
            <li key={`${issue.where}:${issue.message}`}>
              <strong>{issue.where}</strong>: {issue.message}
            </li>
          ))}
        </ul>
      </section>
    );
  }
  const { summary } = result;
  const changed = summary.products.filter((product) => product.change !== 'unchanged');
  return (
    <section className="admin-card" aria-labelledby="summary-title">
      <h2 id="summary-title" className="admin-card__title">
        {summary.dry_run ? 'What the import will change' : 'What the import changed'}
      </h2>
      {changed.length === 0 ? (
        <p data-testid="catalogue-summary">
          Nothing: all {summary.unchanged} products are as the file says.
        </p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--cards" data-testid="catalogue-summary">
            <caption>
              {summary.created} new, {summary.updated} changed, {summary.unchanged} unchanged
            </caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Slug</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {changed.map((product) => (
                <tr key={product.slug}>
                  <td data-label="Product">{product.name}</td>
                  <td data-label="Slug">{product.slug}</td>
                  <td data-label="Change">
                    <StatusBadge status={product.change} label={CHANGE_LABELS[product.change]} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {summary.dry_run ? (
        <p className="admin-muted">Nothing has been written yet: press Import to apply it.</p>
      ) : null}
    </section>
  );
}

/** The catalogue out as a file and back in: check a file first, then import it whole. */
export function CatalogueScreen({ result }: { result: CatalogueResult | undefined }) {
  return (
    <>
      <AdminPageHeader
        title="Catalog"
        description="Download the whole catalog, edit it in a spreadsheet, and bring it back."
      />
      <ActionNotice result={result} />
      <div className="admin-grid-2">
        <div>
          <section className="admin-card admin-section" aria-labelledby="import-title">
            <h2 id="import-title" className="admin-card__title">
              Import
            </h2>
            <ImportForm />
          </section>
          {result ? (
            <div className="admin-section">
              <ImportOutcome result={result} />
            </div>
          ) : null}
        </div>
        <ExportCard />
      </div>
    </>
  );
}
