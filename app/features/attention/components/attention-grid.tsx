import { type ClipboardEvent, type KeyboardEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { NET_UNITS, VAT_RATES } from "~/db/schema/catalog-enums";
import { useUnsavedChanges } from "~/lib/unsaved-changes";
import type { AttentionCell, AttentionRow } from "../attention";
import { moveFrom, type Position, parseBlock, pasteAt } from "../grid-keys";

/** The grid's columns, in order; a page shows only those its rows need. */
const COLUMNS: AttentionCell[] = ["description", "netQuantity", "nameSq", "vatRate"];

/**
 * Each column's share of a laptop's row: a description is the longest text, a VAT rate the shortest.
 * The minimums add up to 38rem with every column shown, which fits the content area beside the
 * menu from 1024 px on; narrower screens get a row's cells one under another, as on a phone.
 */
const WIDTH: Record<AttentionCell | "product", string> = {
  product: "minmax(8rem,1.3fr)",
  description: "minmax(8rem,1.6fr)",
  netQuantity: "minmax(9rem,1.2fr)",
  nameSq: "minmax(7rem,1.2fr)",
  vatRate: "minmax(6rem,0.7fr)",
};

type Values = Record<string, string>;

const keyOf = (cell: string, id: string) => `${cell}:${id}`;

function initialValues(rows: AttentionRow[], typed: Values | undefined): Values {
  const values: Values = {};
  for (const row of rows) {
    for (const cell of row.cells) {
      values[keyOf(cell, row.id)] = cell === "vatRate" ? row.values.vatRate : "";
      if (cell === "netQuantity") values[keyOf("netUnit", row.id)] = row.values.netUnit;
    }
  }
  return { ...values, ...typed };
}

/** Whether any cell of the page differs from what the page opened with (the owner typed, pasted or accepted). */
export function hasUnsaved(rows: AttentionRow[], values: Values): boolean {
  const opened = initialValues(rows, undefined);
  return Object.entries(opened).some(([key, value]) => (values[key] ?? "") !== value);
}

/** What a row's accepted offer writes into its cells (nothing is written before the save). */
function accepted(row: AttentionRow): Values {
  const values: Values = {};
  const { netQuantity, nameSq, description } = row.suggestion;
  if (netQuantity) {
    values[keyOf("netQuantity", row.id)] = netQuantity.amount;
    values[keyOf("netUnit", row.id)] = netQuantity.unit;
  }
  if (nameSq) values[keyOf("nameSq", row.id)] = nameSq;
  if (description) values[keyOf("description", row.id)] = description;
  return values;
}

/**
 * The needs-attention grid (decision 0127): a row per product, a cell per field the check names.
 * Arrow keys and Enter move between cells, Tab as everywhere; a block pasted from a spreadsheet
 * fills the cells from the one pasted into. One form: the save writes every row or none.
 */
export function AttentionGrid({
  rows,
  errors = {},
  typed,
}: {
  rows: AttentionRow[];
  errors?: Record<string, string>;
  typed?: Values;
}) {
  const { t } = useTranslation("compliance");
  const [values, setValues] = useState<Values>(() => initialValues(rows, typed));
  const grid = useRef<HTMLDivElement>(null);
  // The page's edits exist only in this form until the one save: leaving it asks first.
  useUnsavedChanges(hasUnsaved(rows, values), t("grid.leaveConfirm"));
  const columns = COLUMNS.filter((column) => rows.some((row) => row.cells.includes(column)));
  const template = [WIDTH.product, ...columns.map((column) => WIDTH[column])].join(" ");
  const has = ({ row, col }: Position) => {
    const column = columns[col];
    return !!column && !!rows[row]?.cells.includes(column);
  };
  const size = { rows: rows.length, cols: columns.length };
  const set = (next: Values) => setValues((current) => ({ ...current, ...next }));
  const focus = ({ row, col }: Position) =>
    grid.current?.querySelector<HTMLElement>(`[data-cell="${row}:${col}"]`)?.focus();

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, at: Position) => {
    const target = event.currentTarget;
    // Inside a text, left and right move the caret until it reaches the text's end.
    if (target instanceof HTMLInputElement) {
      const { selectionStart, selectionEnd, value } = target;
      if (event.key === "ArrowLeft" && !(selectionStart === 0 && selectionEnd === 0)) return;
      if (event.key === "ArrowRight" && !(selectionStart === value.length && selectionEnd === value.length))
        return;
    }
    // A list changes its choice with up and down.
    if (target instanceof HTMLSelectElement && (event.key === "ArrowUp" || event.key === "ArrowDown")) return;
    const next = moveFrom(at, event.key, has, size);
    if (!next) return;
    event.preventDefault();
    focus(next);
  };

  const onPaste = (event: ClipboardEvent<HTMLElement>, at: Position) => {
    const text = event.clipboardData.getData("text/plain");
    if (!/[\t\n]/.test(text)) return;
    event.preventDefault();
    const next: Values = {};
    for (const cell of pasteAt(at, parseBlock(text), has)) {
      const row = rows[cell.row]!;
      const column = columns[cell.col]!;
      if (column === "vatRate" && !(VAT_RATES as readonly string[]).includes(cell.value.replace(/\s*%$/, "")))
        continue;
      next[keyOf(column, row.id)] = column === "vatRate" ? cell.value.replace(/\s*%$/, "") : cell.value;
    }
    set(next);
  };

  const offers = rows.filter((row) => Object.keys(row.suggestion).length > 0);
  const cellProps = (at: Position, cell: string, id: string) => ({
    "data-cell": `${at.row}:${at.col}`,
    name: keyOf(cell, id),
    id: keyOf(cell, id),
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => onKeyDown(event, at),
    onPaste: (event: ClipboardEvent<HTMLElement>) => onPaste(event, at),
    "aria-invalid": errors[keyOf(cell, id)] ? true : undefined,
    "aria-describedby": errors[keyOf(cell, id)] ? `${keyOf(cell, id)}-error` : undefined,
  });
  const inputClass =
    "h-10 w-full min-w-0 rounded-md border border-gray-300 bg-white px-2 text-base text-gray-900 aria-invalid:border-red-500 sm:text-sm";

  return (
    <Form method="post" data-testid="attention-grid">
      {errors.form ? (
        <p role="alert" className="mb-3 rounded-md bg-red-50 p-3 text-red-800 text-sm">
          {t(errors.form)}
        </p>
      ) : null}
      <p className="mb-3 text-gray-700 text-sm">{t("grid.keys")}</p>
      {offers.length > 0 ? (
        <div className="mb-3 flex flex-wrap items-center gap-2 rounded-md bg-brand-50 p-3 text-sm">
          <span>{t("grid.offersCount", { count: offers.length })}</span>
          <Button
            type="button"
            variant="outline"
            onClick={() => set(Object.assign({}, ...offers.map(accepted)))}
            data-testid="accept-all"
          >
            {t("grid.acceptAll")}
          </Button>
        </div>
      ) : null}
      <div ref={grid} className="divide-y divide-gray-200 rounded-md border border-gray-200">
        <div
          aria-hidden
          className="hidden gap-3 bg-gray-50 p-3 font-medium text-gray-700 text-sm lg:grid"
          style={{ gridTemplateColumns: template }}
        >
          <span>{t("grid.product")}</span>
          {columns.map((column) => (
            <span key={column}>{t(`grid.columns.${column}`)}</span>
          ))}
        </div>
        {rows.map((row, r) => (
          <div
            key={row.id}
            data-testid="attention-row"
            className="grid grid-cols-1 gap-2 p-3 lg:gap-3 lg:[grid-template-columns:var(--cols)]"
            style={{ "--cols": template } as React.CSSProperties}
          >
            <input type="hidden" name="id" value={row.id} />
            <div className="min-w-0">
              <Link
                to={`/dashboard/products/${row.id}`}
                className="break-words font-medium text-gray-900 hover:underline"
              >
                {row.name}
              </Link>
              {Object.keys(row.suggestion).length > 0 ? (
                // One offer a line, each saying where it comes from; one "accept" takes the row's offers.
                <div className="mt-1 text-gray-700 text-xs">
                  <ul className="flex flex-col gap-0.5">
                    {row.suggestion.netQuantity ? (
                      <li>{t("grid.offerQuantity", { source: row.suggestion.netQuantity.source })}</li>
                    ) : null}
                    {row.suggestion.nameSq ? (
                      <li className="wrap-anywhere">
                        {t("grid.offerNameSq", { name: row.suggestion.nameSq })}
                      </li>
                    ) : null}
                    {row.suggestion.description ? (
                      // A long text stays two lines here; the cell shows it whole once accepted.
                      <li className="line-clamp-2 wrap-anywhere" title={row.suggestion.description}>
                        {t("grid.offerDescription", { description: row.suggestion.description })}
                      </li>
                    ) : null}
                  </ul>
                  <button
                    type="button"
                    className="mt-1 -ml-1 min-h-8 rounded px-1 font-medium text-brand-800 underline hover:bg-brand-50"
                    onClick={() => set(accepted(row))}
                    data-testid="accept-row"
                  >
                    {t("grid.accept")}
                  </button>
                </div>
              ) : null}
              {row.issues.some((issue) => issue === "promotionDates" || issue === "reportedPrice") ? (
                <p className="mt-1 text-amber-900 text-xs">
                  {row.issues
                    .filter((issue) => issue === "promotionDates" || issue === "reportedPrice")
                    .map((issue) => t(`check.issues.${issue}`))
                    .join(" · ")}
                </p>
              ) : null}
            </div>
            {columns.map((column, c) => {
              const at = { row: r, col: c };
              const key = keyOf(column, row.id);
              if (!row.cells.includes(column))
                return <div key={column} className="hidden lg:block" aria-hidden />;
              const error = errors[key];
              return (
                <div key={column} className="min-w-0">
                  <label htmlFor={key} className="mb-1 block text-gray-700 text-xs lg:sr-only">
                    {t(`grid.columns.${column}`)}
                  </label>
                  {column === "vatRate" ? (
                    <select
                      {...cellProps(at, column, row.id)}
                      className={inputClass}
                      value={values[key] ?? ""}
                      onChange={(event) => set({ [key]: event.target.value })}
                    >
                      {VAT_RATES.map((rate) => (
                        <option key={rate} value={rate}>
                          {t(`grid.vat.${rate}`)}
                        </option>
                      ))}
                    </select>
                  ) : column === "netQuantity" ? (
                    <div className="flex gap-1">
                      <input
                        {...cellProps(at, column, row.id)}
                        className={inputClass}
                        inputMode="decimal"
                        placeholder={t("grid.quantityPlaceholder")}
                        value={values[key] ?? ""}
                        onChange={(event) => set({ [key]: event.target.value })}
                      />
                      <select
                        name={keyOf("netUnit", row.id)}
                        aria-label={t("grid.columns.netUnit")}
                        className="h-10 rounded-md border border-gray-300 bg-white px-1 text-base sm:text-sm"
                        value={values[keyOf("netUnit", row.id)] ?? ""}
                        onChange={(event) => set({ [keyOf("netUnit", row.id)]: event.target.value })}
                      >
                        <option value="">–</option>
                        {NET_UNITS.map((unit) => (
                          <option key={unit} value={unit}>
                            {t(`grid.units.${unit}`)}
                          </option>
                        ))}
                      </select>
                    </div>
                  ) : (
                    <input
                      {...cellProps(at, column, row.id)}
                      className={inputClass}
                      lang={column === "nameSq" ? "sq" : undefined}
                      value={values[key] ?? ""}
                      onChange={(event) => set({ [key]: event.target.value })}
                    />
                  )}
                  {error ? (
                    <p id={`${key}-error`} className="mt-1 text-red-700 text-xs">
                      {t(error)}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <div className="sticky bottom-0 mt-4 flex justify-end border-gray-200 border-t bg-white py-3">
        <Button type="submit" data-testid="attention-save">
          {t("grid.save")}
        </Button>
      </div>
    </Form>
  );
}
