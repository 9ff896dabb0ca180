import type * as React from "react";
import { Form, useSubmit } from "react-router";
import { cn } from "~/lib/cn";

/**
 * A list's search and filters as a GET form: the server filters, and the URL keeps the view so it
 * can be shared and reloaded. A changed select or checkbox applies at once; text applies on Enter.
 */
function FilterForm({ className, children }: { className?: string; children: React.ReactNode }) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      role="search"
      className={cn(
        "mt-4 grid grid-cols-1 gap-3 rounded-xl border border-gray-200 bg-white p-3 shadow-sm",
        className,
      )}
      onChange={(event) => {
        const target = event.target as HTMLElement;
        if (
          target instanceof HTMLSelectElement ||
          (target instanceof HTMLInputElement && target.type === "checkbox")
        ) {
          submit(event.currentTarget);
        }
      }}
    >
      {children}
    </Form>
  );
}

/** A small label above one control, as in filter panels and toolbars. */
function CompactField({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="font-medium text-gray-700 text-xs">
        {label}
      </label>
      {children}
    </div>
  );
}

export { CompactField, FilterForm };
