import type * as React from "react";
import { useTranslation } from "react-i18next";
import { cn } from "~/lib/cn";

/** A label, one control, an optional hint and the translated error under it. */
function Field({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: React.ReactNode;
  error?: string;
  hint?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div data-slot="field" className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="font-medium text-gray-800 text-sm">
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-gray-500 text-xs">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-red-600 text-sm" role="alert">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Props that tie a control to its Field's label, hint and error (all found by the id). `name` is what
 * the form posts, when it must differ from the id (two forms on one page).
 */
function fieldControlProps(id: string, error?: string, name = id) {
  return {
    id,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
  } as const;
}

export { Field, fieldControlProps };
