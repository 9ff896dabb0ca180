import type * as React from "react";
import { cn } from "~/lib/cn";

/** A checkbox followed by its text; the whole line is the label, so the text toggles it too. */
function CheckboxLabel({
  label,
  className,
  inputClassName,
  ...props
}: Omit<React.ComponentProps<"input">, "type" | "className"> & {
  label: React.ReactNode;
  className?: string;
  inputClassName?: string;
}) {
  return (
    <label className={cn("flex items-center gap-2", className)}>
      <input type="checkbox" className={cn("size-4 accent-brand-600", inputClassName)} {...props} />
      {label}
    </label>
  );
}

export { CheckboxLabel };
