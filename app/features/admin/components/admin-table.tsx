import type * as React from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/**
 * An admin list: a real table, in a box that scrolls sideways on a narrow screen. The box takes focus
 * so a keyboard can scroll it (WCAG 2.1.1), like the activity table.
 */
export function AdminTable({
  label,
  headers,
  children,
}: {
  label: string;
  headers: string[];
  children: React.ReactNode;
}) {
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take focus to scroll by keyboard (WCAG 2.1.1).
      tabIndex={0}
      aria-label={label}
      className="mt-4 overflow-x-auto rounded-xl border border-gray-200 bg-white shadow-sm"
    >
      <table className="w-full min-w-[48rem] text-left text-sm">
        <thead className="border-gray-200 border-b bg-gray-50 text-gray-600 text-xs uppercase tracking-wide">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className="px-3 py-2 font-medium">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">{children}</tbody>
      </table>
    </section>
  );
}

export function Cell({ className, ...props }: React.ComponentProps<"td">) {
  return <td className={cn("px-3 py-2 align-top", className)} {...props} />;
}

/** The page's title, its count and, on the right, its actions. */
export function AdminHeader({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h1 className="font-semibold text-2xl">{title}</h1>
        {subtitle ? <p className="text-gray-600 text-sm">{subtitle}</p> : null}
      </div>
      {children}
    </div>
  );
}

export function EmptyList({ text }: { text: string }) {
  return (
    <p className="mt-4 rounded-xl border border-gray-200 bg-white p-8 text-center text-gray-600">{text}</p>
  );
}

/** An admin list's "Apply" and, while a filter is set, "Reset" back to the whole list. */
export function FilterActions({ resetTo, filtered }: { resetTo: string; filtered: boolean }) {
  const { t } = useTranslation("admin");
  return (
    <div className="flex items-end gap-3">
      <Button type="submit">{t("filters.apply")}</Button>
      {filtered ? (
        <Link to={resetTo} className="pb-2.5 text-brand-700 text-sm underline">
          {t("filters.reset")}
        </Link>
      ) : null}
    </div>
  );
}
