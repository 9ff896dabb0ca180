/** One choice of a select: what is posted and what the user reads. */
export type Choice = { value: string; label: string };

/** A select's options: an optional empty first choice ("all", "none"), then one per choice. */
export function SelectOptions({ empty, choices }: { empty?: string; choices: readonly Choice[] }) {
  return (
    <>
      {empty === undefined ? null : <option value="">{empty}</option>}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </>
  );
}

/** The store's categories as choices, by id. */
export function categoryChoices(categories: readonly { id: string; name: string }[]): Choice[] {
  return categories.map((category) => ({ value: category.id, label: category.name }));
}
