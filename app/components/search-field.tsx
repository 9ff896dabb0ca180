import { Search } from "lucide-react";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/cn";

/** A search box posted as `q`, with its magnifier; the label is for screen readers (the placeholder shows). */
export function SearchField({
  id,
  label,
  placeholder,
  defaultValue,
  className,
}: {
  id: string;
  label: string;
  placeholder: string;
  defaultValue?: string;
  className?: string;
}) {
  return (
    <div className={cn("relative", className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search aria-hidden className="-translate-y-1/2 absolute top-1/2 left-3 size-4 text-gray-500" />
      <Input
        id={id}
        name="q"
        type="search"
        defaultValue={defaultValue}
        placeholder={placeholder}
        className="text-ellipsis pl-9"
      />
    </div>
  );
}
