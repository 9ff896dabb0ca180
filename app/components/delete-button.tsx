import { Trash2 } from "lucide-react";
import { Form } from "react-router";

/**
 * A row's trash-can button: posts `intent=delete` and the row's id to the page's action, once the
 * owner has confirmed `question`.
 */
export function DeleteButton({
  idName,
  id,
  label,
  question,
}: {
  idName: string;
  id: string;
  label: string;
  question: string;
}) {
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (!window.confirm(question)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name={idName} value={id} />
      <button type="submit" className="rounded-md p-2 text-red-600 hover:bg-red-50" aria-label={label}>
        <Trash2 aria-hidden className="size-4" />
      </button>
    </Form>
  );
}
