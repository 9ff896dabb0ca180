import type * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { CompactField, FilterForm } from "~/components/filter-panel";
import { Pagination } from "~/components/pagination";
import { SearchField } from "~/components/search-field";
import { Button } from "~/components/ui/button";
import { ADMIN_PAGE_SIZE } from "~/features/admin/admin-params";
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

/** A select among an admin list's filters: "All" and the options, labelled `${list}.${name}` in "admin". */
export function AdminSelectFilter({
  list,
  name,
  value,
  options,
  label,
  className = "sm:-mt-5",
}: {
  list: string;
  name: string;
  value: string;
  options: [value: string, label: string][];
  /** When not `${list}.${name}`. */
  label?: string;
  className?: string;
}) {
  const { t } = useTranslation("admin");
  const id = `${list}-${name}`;
  return (
    <CompactField id={id} label={label ?? t(`${list}.${name}`)} className={className}>
      <select
        id={id}
        name={name}
        defaultValue={value}
        className="h-10 rounded-md border border-gray-300 bg-white px-2 text-sm"
      >
        <option value="">{t("filters.all")}</option>
        {options.map(([option, label]) => (
          <option key={option} value={option}>
            {label}
          </option>
        ))}
      </select>
    </CompactField>
  );
}

/**
 * The frame every admin list shares: its filter form (the search field, the page's
 * other fields, then "Apply" and "Reset"), an optional notice, then either the empty state or the
 * table and its pagination. Its words come from `${list}.…` in "admin" (title, searchLabel,
 * searchPlaceholder, columns.*, empty); the page gives its fields, its columns and its rows.
 */
export function AdminList({
  list,
  columns,
  filterColumns,
  search,
  filters,
  resetTo,
  filtered,
  notice,
  empty,
  data,
  children,
}: {
  list: string;
  columns: readonly string[];
  /** The filter form's grid columns from the `sm` breakpoint on. */
  filterColumns: string;
  /** The search field's value; no search field when undefined. */
  search?: string;
  filters?: React.ReactNode;
  resetTo: string;
  filtered: boolean;
  notice?: React.ReactNode;
  /** The empty state's text, when not `${list}.empty`. */
  empty?: string;
  /** The loader's page of rows, its number and the total. */
  data: { rows: readonly unknown[]; page: number; total: number };
  children: React.ReactNode;
}) {
  const { t } = useTranslation("admin");
  const location = useLocation();
  const { page, total } = data;
  return (
    <>
      <FilterForm key={location.search} className={filterColumns}>
        {search === undefined ? null : (
          <SearchField
            id={`${list}-q`}
            label={t(`${list}.searchLabel`)}
            placeholder={t(`${list}.searchPlaceholder`)}
            defaultValue={search}
          />
        )}
        {filters}
        <FilterActions resetTo={resetTo} filtered={filtered} />
      </FilterForm>
      {notice}
      {data.rows.length > 0 ? (
        <>
          <AdminTable
            label={t(`${list}.title`)}
            headers={columns.map((column) => t(`${list}.columns.${column}`))}
          >
            {children}
          </AdminTable>
          <Pagination page={page} total={total} pageSize={ADMIN_PAGE_SIZE} />
        </>
      ) : (
        <EmptyList text={empty ?? t(`${list}.empty`)} />
      )}
    </>
  );
}
