import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/input";
import { IGNORED_FIELDS, IMPORT_FIELDS, type ImportField } from "../columns";
import { DELIMITERS, ENCODINGS } from "../file-options";

type Props = {
  format: "csv" | "xlsx";
  encoding: string | null;
  delimiter: string | null;
  headers: string[];
  mapping: (ImportField | null)[];
  samples: string[][];
  savedMapping: boolean;
  error?: string;
  busy: boolean;
};

const DELIMITER_NAMES: Record<string, string> = { ";": "semicolon", ",": "comma", "\t": "tab" };

/** Step 2: each column of the file and the product field it fills, fixable by hand. */
export function MappingStep({
  format,
  encoding,
  delimiter,
  headers,
  mapping,
  samples,
  savedMapping,
  error,
  busy,
}: Props) {
  const { t } = useTranslation("import");
  return (
    <Form method="post" className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="map" />
      {savedMapping ? (
        <p className="rounded-md bg-brand-50 p-3 text-brand-800 text-sm" role="status">
          {t("map.saved")}
        </p>
      ) : null}
      {format === "csv" ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor="encoding" className="font-medium text-gray-800 text-sm">
              {t("map.encoding")}
            </label>
            <Select id="encoding" name="encoding" defaultValue={encoding ?? ""} className="mt-1.5">
              {ENCODINGS.map((value) => (
                <option key={value} value={value}>
                  {t(`map.encodings.${value}`)}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <label htmlFor="delimiter" className="font-medium text-gray-800 text-sm">
              {t("map.delimiter")}
            </label>
            <Select id="delimiter" name="delimiter" defaultValue={delimiter ?? ""} className="mt-1.5">
              {DELIMITERS.map((value) => (
                <option key={value} value={value}>
                  {t(`map.delimiters.${DELIMITER_NAMES[value]}`)}
                </option>
              ))}
            </Select>
          </div>
          <p className="text-gray-500 text-xs sm:col-span-2">{t("map.detectedHint")}</p>
        </div>
      ) : null}
      <div className="flex flex-col divide-y divide-gray-100 rounded-md border border-gray-200">
        {headers.map((header, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a file's column is its position
          <div key={index} className="grid gap-2 p-3 sm:grid-cols-[1fr_16rem] sm:items-center">
            <div className="min-w-0">
              <label htmlFor={`column-${index}`} className="break-words font-medium text-sm">
                {header || t("map.noHeader", { n: index + 1 })}
              </label>
              <p className="truncate text-gray-500 text-xs">
                {samples
                  .map((row) => row[index])
                  .filter(Boolean)
                  .join(" · ") || t("map.emptyColumn")}
              </p>
            </div>
            <Select id={`column-${index}`} name={`column.${index}`} defaultValue={mapping[index] ?? ""}>
              <option value="">{t("map.skipColumn")}</option>
              {IMPORT_FIELDS.map((field) => (
                <option key={field} value={field}>
                  {t(`fields.${field}`)}
                  {IGNORED_FIELDS.includes(field) ? ` (${t("map.notSaved")})` : ""}
                </option>
              ))}
            </Select>
          </div>
        ))}
      </div>
      {error ? (
        <p className="text-red-600 text-sm" role="alert">
          {t(error)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {t("map.submit")}
        </Button>
        <Link
          to="/dashboard/products/import"
          className="inline-flex h-10 items-center px-2 text-brand-700 text-sm"
        >
          {t("map.otherFile")}
        </Link>
      </div>
    </Form>
  );
}
