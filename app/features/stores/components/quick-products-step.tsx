import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/input";
import { NET_UNITS, VAT_RATES } from "~/db/schema/catalog-enums";
import { GOODS_KINDS, type GoodsKind, VAT_BY_GOODS } from "~/features/catalog/vat-defaults";
import type { FieldErrors, FormValues } from "~/lib/action-result";
import { QUICK_PRODUCT_ROWS } from "../store.schema";

/**
 * Onboarding step 4: a few products quickly, each complete enough for the law's price list: a name, a price,
 * the VAT (suggested by what the shop mostly sells) and the net quantity that gives the unit price.
 */
export function QuickProductsStep({
  errors,
  values,
  busy,
  existingProducts = 0,
}: {
  errors: FieldErrors;
  /** What was typed before a refused save. */
  values: FormValues;
  busy: boolean;
  /** Products the store already has (imported from this step): the owner may go on to their images. */
  existingProducts?: number;
}) {
  const { t } = useTranslation("onboarding");
  const [kind, setKind] = useState<GoodsKind>(
    (GOODS_KINDS as readonly string[]).includes(values.goodsKind ?? "")
      ? (values.goodsKind as GoodsKind)
      : "other",
  );
  const error = (field: string, i: number) => errors[`${field}.${i}`];
  const control = (field: string, i: number) => ({
    id: `${field}-${i}`,
    name: `${field}.${i}`,
    "aria-invalid": error(field, i) ? true : undefined,
    "aria-describedby": error(field, i) ? `${field}-${i}-error` : undefined,
  });
  const message = (field: string, i: number) =>
    error(field, i) ? (
      <p id={`${field}-${i}-error`} className="text-red-600 text-xs">
        {t(error(field, i)!)}
      </p>
    ) : null;
  const label = "mb-1 block font-medium text-gray-700 text-xs";
  return (
    <Form method="post" noValidate className="flex flex-col gap-3">
      {existingProducts > 0 ? (
        <div
          role="status"
          className="flex flex-col gap-2 rounded-md border border-brand-300 bg-brand-50 p-3 text-sm"
        >
          <p className="font-medium text-brand-900">{t("imported.count", { count: existingProducts })}</p>
          <p className="text-brand-900">{t("imported.hint")}</p>
          <Button type="submit" name="intent" value="skip-products" className="self-start" disabled={busy}>
            {t("imported.continue")}
          </Button>
        </div>
      ) : null}
      {/* A shop with its products in a POS export imports them instead of typing; the import opens in
          onboarding's frame and comes back here (decision 0124). */}
      <p className="rounded-md bg-brand-50 p-3 text-brand-900 text-sm">
        {t("importOffer")}{" "}
        <Link to="/dashboard/products/import" className="font-medium underline">
          {t(existingProducts > 0 ? "importMore" : "importLink")}
        </Link>{" "}
        {t("importReturn")}
      </p>
      <div>
        <label htmlFor="goodsKind" className="font-medium text-gray-800 text-sm">
          {t("fields.goodsKind")}
        </label>
        <Select
          id="goodsKind"
          name="goodsKind"
          value={kind}
          onChange={(event) => setKind(event.target.value as GoodsKind)}
          aria-describedby="goodsKind-hint"
          className="mt-1.5"
        >
          {GOODS_KINDS.map((value) => (
            <option key={value} value={value}>
              {t(`goodsKinds.${value}`)}
            </option>
          ))}
        </Select>
        <p id="goodsKind-hint" className="mt-1 text-gray-500 text-xs">
          {t("goodsKindHint")}
        </p>
      </div>
      {Array.from({ length: QUICK_PRODUCT_ROWS }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed set of rows
        <fieldset key={i} className="rounded-lg border border-gray-200 p-3">
          <legend className="px-1 font-medium text-gray-800 text-sm">{t("productRow", { n: i + 1 })}</legend>
          <div className="grid grid-cols-[1fr_6.5rem] gap-2">
            <div>
              <label htmlFor={`name-${i}`} className={label}>
                {t("fields.productName")}
              </label>
              <Input {...control("name", i)} defaultValue={values[`name.${i}`]} maxLength={255} />
              {message("name", i)}
            </div>
            <div>
              <label htmlFor={`price-${i}`} className={label}>
                {t("fields.productPrice")}
              </label>
              <Input
                {...control("price", i)}
                defaultValue={values[`price.${i}`]}
                inputMode="decimal"
                placeholder="0,00"
              />
              {message("price", i)}
            </div>
          </div>
          <div className="mt-2 grid grid-cols-3 gap-2">
            <div>
              <label htmlFor={`vatRate-${i}`} className={label}>
                {t("fields.productVat")}
              </label>
              {/* A new kind re-suggests every row's VAT (the key remounts the select). */}
              <Select
                key={kind}
                {...control("vatRate", i)}
                defaultValue={values[`vatRate.${i}`] ?? VAT_BY_GOODS[kind]}
              >
                {VAT_RATES.map((rate) => (
                  <option key={rate} value={rate}>
                    {t(`products:vat.${rate}`)}
                  </option>
                ))}
              </Select>
              {message("vatRate", i)}
            </div>
            <div>
              <label htmlFor={`netQuantity-${i}`} className={label}>
                {t("fields.productNetQuantity")}
              </label>
              <Input
                {...control("netQuantity", i)}
                defaultValue={values[`netQuantity.${i}`]}
                inputMode="decimal"
                placeholder="500"
              />
              {message("netQuantity", i)}
            </div>
            <div>
              <label htmlFor={`netUnit-${i}`} className={label}>
                {t("fields.productNetUnit")}
              </label>
              <Select {...control("netUnit", i)} defaultValue={values[`netUnit.${i}`] ?? ""}>
                <option value="">{t("products:netUnitNone")}</option>
                {NET_UNITS.map((unit) => (
                  <option key={unit} value={unit}>
                    {t(`products:units.${unit}`)}
                  </option>
                ))}
              </Select>
              {message("netUnit", i)}
            </div>
          </div>
        </fieldset>
      ))}
      <p className="text-gray-500 text-xs">{t("productsHint")}</p>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <Link to="/onboarding?step=3" className="font-medium text-gray-700 text-sm hover:underline">
          {t("back")}
        </Link>
        <div className="flex gap-2">
          <Button type="submit" name="intent" value="skip-products" variant="outline" disabled={busy}>
            {t("skip")}
          </Button>
          <Button type="submit" name="intent" value="products" size="lg" disabled={busy}>
            {busy ? t("submitting") : t("next")}
          </Button>
        </div>
      </div>
    </Form>
  );
}
