import type * as React from "react";
import { cn } from "~/lib/cn";

function Input({ className, ...props }: React.ComponentProps<"input">) {
  return (
    <input
      data-slot="input"
      className={cn(
        "h-10 w-full rounded-md border border-gray-300 bg-white px-3 text-base text-gray-900 shadow-xs placeholder:text-gray-500 disabled:cursor-not-allowed disabled:border-gray-200 disabled:bg-gray-100 disabled:text-gray-500 aria-invalid:border-red-500 sm:text-sm",
        className,
      )}
      {...props}
    />
  );
}

function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        "min-h-20 w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 shadow-xs aria-invalid:border-red-500 sm:text-sm",
        className,
      )}
      {...props}
    />
  );
}

function Select({ className, ...props }: React.ComponentProps<"select">) {
  return (
    <select
      data-slot="select"
      className={cn(
        "h-10 w-full rounded-md border border-gray-300 bg-white px-3 text-base text-gray-900 shadow-xs aria-invalid:border-red-500 sm:text-sm",
        className,
      )}
      {...props}
    />
  );
}

export { Input, Select, Textarea };
