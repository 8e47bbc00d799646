import type { NutritionFacts } from '@larder/contract';
import { Dialog } from '../../components/ui/dialog.tsx';

/** FDA daily values (2,000 kcal diet) for the %DV column. */
const DAILY_VALUE = {
  fat: 78,
  saturated: 20,
  cholesterol: 300,
  sodium: 2300,
  carbohydrate: 275,
  fiber: 28,
  addedSugars: 50,
};

const percent = (amount: number, daily: number) => `${Math.round((amount / daily) * 100)}%`;

interface Row {
  label: string;
  amount: string;
  dv?: string;
  indent?: boolean;
  bold?: boolean;
}

/** A US-style Nutrition Facts panel, as a table so screen readers read label, amount and %DV together. */
export function NutritionFactsPanel({ facts }: { facts: NutritionFacts }) {
  const rows: Row[] = [
    {
      label: 'Total Fat',
      amount: `${facts.total_fat_g}g`,
      dv: percent(facts.total_fat_g, DAILY_VALUE.fat),
      bold: true,
    },
    {
      label: 'Saturated Fat',
      amount: `${facts.saturated_fat_g}g`,
      dv: percent(facts.saturated_fat_g, DAILY_VALUE.saturated),
      indent: true,
    },
    { label: 'Trans Fat', amount: `${facts.trans_fat_g}g`, indent: true },
    {
      label: 'Cholesterol',
      amount: `${facts.cholesterol_mg}mg`,
      dv: percent(facts.cholesterol_mg, DAILY_VALUE.cholesterol),
      bold: true,
    },
    {
      label: 'Sodium',
      amount: `${facts.sodium_mg}mg`,
      dv: percent(facts.sodium_mg, DAILY_VALUE.sodium),
      bold: true,
    },
    {
      label: 'Total Carbohydrate',
      amount: `${facts.total_carbohydrate_g}g`,
      dv: percent(facts.total_carbohydrate_g, DAILY_VALUE.carbohydrate),
      bold: true,
    },
    {
      label: 'Dietary Fiber',
      amount: `${facts.dietary_fiber_g}g`,
      dv: percent(facts.dietary_fiber_g, DAILY_VALUE.fiber),
      indent: true,
    },
    { label: 'Total Sugars', amount: `${facts.total_sugars_g}g`, indent: true },
    {
      label: `Includes ${facts.added_sugars_g}g Added Sugars`,
      amount: '',
      dv: percent(facts.added_sugars_g, DAILY_VALUE.addedSugars),
      indent: true,
    },
    { label: 'Protein', amount: `${facts.protein_g}g`, bold: true },
  ];
  return (
    <div className="nutrition" data-testid="nutrition-facts">
      <p className="nutrition__title" aria-hidden="true">
        Nutrition Facts
      </p>
      <p className="nutrition__servings">{facts.servings_per_container} servings per container</p>
      <p className="nutrition__serving-size">
        <span>Serving size</span> <span>{facts.serving_size}</span>
      </p>
      <p className="nutrition__calories">
        <span>
          <small>Amount per serving</small>
          Calories
        </span>
        <span>{facts.calories}</span>
      </p>
      <table className="nutrition__table">
        <caption className="visually-hidden">
          Nutrients per serving with percent daily value
        </caption>
        <thead>
          <tr>
            <th scope="col">Nutrient</th>
            <th scope="col">% Daily Value*</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} data-indent={row.indent ?? false}>
              <th scope="row">
                {row.bold ? <strong>{row.label}</strong> : row.label} {row.amount}
              </th>
              <td>{row.dv ? <strong>{row.dv}</strong> : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="nutrition__footnote">
        * The % Daily Value tells you how much a nutrient in a serving of food contributes to a
        daily diet. 2,000 calories a day is used for general nutrition advice.
      </p>
    </div>
  );
}

export interface NutritionFactsDialogProps {
  open: boolean;
  onClose: () => void;
  productName: string;
  facts: NutritionFacts;
}

/** The product page's Nutrition facts dialog; loaded when first opened. */
export default function NutritionFactsDialog({
  open,
  onClose,
  productName,
  facts,
}: NutritionFactsDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Nutrition facts" testId="nutrition-dialog">
      <p className="muted">{productName}</p>
      <NutritionFactsPanel facts={facts} />
    </Dialog>
  );
}
