import { useId } from 'react';
import { optionState, type Selection, type VariationOption } from './variation-selection.ts';

interface VariationPickerProps {
  attributes: { name: string; options: string[] }[];
  variations: VariationOption[];
  selection: Selection;
  onChange: (selection: Selection) => void;
}

/** One radio group per variation attribute; options that lead to no variation in stock are disabled with a reason. */
export function VariationPicker({
  attributes,
  variations,
  selection,
  onChange,
}: VariationPickerProps) {
  const baseId = useId();
  return (
    <div className="variation-picker">
      {attributes.map((attribute, attributeIndex) => (
        <fieldset
          key={attribute.name}
          className="option-group"
          data-testid={`attribute-${attribute.name}`}
        >
          <legend className="product__label">
            {attribute.name}
            {selection[attribute.name] ? (
              <span className="option-group__chosen">: {selection[attribute.name]}</span>
            ) : null}
          </legend>
          <div className="option-group__options">
            {attribute.options.map((option, optionIndex) => {
              const state = optionState(variations, selection, attribute.name, option);
              const id = `${baseId}-${attributeIndex}-${optionIndex}`;
              return (
                <label
                  key={option}
                  htmlFor={id}
                  className="option-chip"
                  data-disabled={!state.available}
                >
                  <input
                    id={id}
                    type="radio"
                    className="option-chip__input"
                    name={`${baseId}-${attribute.name}`}
                    value={option}
                    checked={selection[attribute.name] === option}
                    disabled={!state.available}
                    onChange={() => onChange({ ...selection, [attribute.name]: option })}
                  />
                  <span className="option-chip__label">{option}</span>
                  {state.available ? null : (
                    <span className="option-chip__reason">{state.reason}</span>
                  )}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
