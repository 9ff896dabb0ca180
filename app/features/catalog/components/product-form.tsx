import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { categoryChoices, SelectOptions } from "~/components/select-options";
import { Button } from "~/components/ui/button";
import { Field, fieldControlProps } from "~/components/ui/field";
import { Input, Select, Textarea } from "~/components/ui/input";
import { AVAILABILITIES, NET_UNITS, type NetUnit, SALE_UNITS, VAT_RATES } from "~/db/schema/catalog-enums";
import { ImageUploadField } from "~/features/images/components/image-upload-field";
import { LibraryImagePicker } from "~/features/library/components/library-image-picker";
import type { Locale } from "~/i18n/config";
import { type FieldErrors, fieldErrors, formObject } from "~/lib/form";
import { formatMoney, formatQuantity, parseMoney, unitPriceCents } from "~/lib/money";
import { parseNetQuantity } from "~/lib/net-quantity";
import { type ProductFormInput, productSchema } from "../product.schema";

export type ProductFormValues = Required<{ [K in keyof ProductFormInput]: string }>;

export const EMPTY_PRODUCT: ProductFormValues = {
  name: "",
  description: "",
  nameSq: "",
  descriptionSq: "",
  price: "",
  regularPrice: "",
  vatRate: "18",
  unit: "piece",
  netQuantity: "",
  netUnit: "",
  quantity: "0",
  availability: "in_stock",
  barcode: "",
  status: "active",
  categoryId: "",
  imageKey: "",
  libraryImageId: "",
};

/** Every field and rule of PRODUCT.md; the same schema checks it here and on the server. */
export function ProductForm({
  values,
  imageUrl,
  productId,
  categories,
  serverErrors,
  submitLabel,
  albanian = false,
  attention = {},
  back,
}: {
  values: ProductFormValues;
  /** The product's current image; with productId an upload is attached at once. */
  imageUrl?: string | null;
  productId?: string;
  categories: { id: string; name: string }[];
  serverErrors?: FieldErrors;
  submitLabel: string;
  /** The store has Albanian product content enabled (decision 0074): the Albanian fields show. */
  albanian?: boolean;
  /** Fields the compliance check asks for, each with the i18n key of what it lacks (decision 0127). */
  attention?: Partial<Record<keyof ProductFormValues, string>>;
  /** The filtered list to return to after saving (a same-origin products path, checked on the server). */
  back?: string;
}) {
  const { t, i18n } = useTranslation("products");
  const locale = i18n.language as Locale;
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [price, setPrice] = useState(values.price);
  const [netQuantity, setNetQuantity] = useState(values.netQuantity);
  const [netUnit, setNetUnit] = useState(values.netUnit);
  const errors = clientErrors ?? serverErrors ?? {};
  const busy = useNavigation().state === "submitting";

  const priceCents = parseMoney(price);
  // "500 г" carries its own unit (decision 0031): the select follows it, and so does the unit price.
  const typedQuantity = parseNetQuantity(netQuantity);
  const quantity = "error" in typedQuantity ? null : typedQuantity;
  const quantityUnit = quantity?.unit ?? ((netUnit || null) as NetUnit | null);
  const unitPrice =
    priceCents !== null && quantity ? unitPriceCents(priceCents, quantity.milli, quantityUnit) : null;

  const control = (id: keyof ProductFormValues) => fieldControlProps(id, errors[id]);
  /** A field's label, marked when the compliance check asks for the field. */
  /** A field's hint, led by the check's mark when the check asks for the field (decision 0127). The
   *  mark is outside the label, so the field keeps its name ("Опис") and a screen reader hears the mark
   *  with the hint. */
  const hintFor = (id: keyof ProductFormValues, normal?: string) => {
    const lacks = attention[id];
    if (!lacks) return normal;
    return (
      <span className="flex flex-col items-start gap-0.5" data-attention={id}>
        <span className="rounded bg-amber-100 px-1.5 py-0.5 text-amber-900">{t(lacks)}</span>
        {normal ? <span>{normal}</span> : null}
      </span>
    );
  };
  // Changing a price is the most common edit, so an existing product's form starts with it; a new
  // product's starts with its name, then the price. On a phone both used to be below the name, the
  // description and the photo. The order is the document's, so keyboard and screen-reader order
  // follow what is seen.
  const prices = (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field
        id="price"
        label={t("fields.price")}
        error={errors.price}
        hint={hintFor("price", t("hints.price"))}
      >
        <Input
          {...control("price")}
          value={price}
          onChange={(event) => setPrice(event.target.value)}
          inputMode="decimal"
          autoComplete="off"
          required
        />
      </Field>
      <Field
        id="regularPrice"
        label={t("fields.regularPrice")}
        error={errors.regularPrice}
        hint={hintFor("regularPrice", t("hints.regularPrice"))}
      >
        <Input
          {...control("regularPrice")}
          defaultValue={values.regularPrice}
          inputMode="decimal"
          autoComplete="off"
        />
      </Field>
    </div>
  );

  return (
    <Form
      method="post"
      noValidate
      className="grid gap-5"
      onSubmit={(event) => {
        const parsed = productSchema.safeParse(formObject(new FormData(event.currentTarget)));
        setClientErrors(parsed.success ? null : fieldErrors(parsed.error));
        if (!parsed.success) event.preventDefault();
      }}
    >
      {back ? <input type="hidden" name="back" value={back} /> : null}
      {errors.form ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-700 text-sm">
          {t(errors.form)}
        </p>
      ) : null}
      {productId ? prices : null}
      <Field id="name" label={t("fields.name")} error={errors.name}>
        <Input {...control("name")} defaultValue={values.name} maxLength={255} required />
      </Field>
      {productId ? null : prices}
      <Field
        id="description"
        label={t("fields.description")}
        error={errors.description}
        hint={hintFor("description")}
      >
        <Textarea {...control("description")} defaultValue={values.description} rows={3} />
      </Field>
      {albanian ? (
        <>
          <Field
            id="nameSq"
            label={t("fields.nameSq")}
            error={errors.nameSq}
            hint={hintFor("nameSq", t("hints.nameSq"))}
          >
            <Input {...control("nameSq")} defaultValue={values.nameSq} maxLength={255} lang="sq" />
          </Field>
          <Field id="descriptionSq" label={t("fields.descriptionSq")} error={errors.descriptionSq}>
            <Textarea {...control("descriptionSq")} defaultValue={values.descriptionSq} rows={3} lang="sq" />
          </Field>
        </>
      ) : null}
      {/* An image under 5 MB; the same upload checks as the logo (decision 0014). */}
      <ImageUploadField
        kind="product"
        name="imageKey"
        label={t("fields.image")}
        initialUrl={imageUrl}
        productId={productId}
      />
      {/* A new product can take its image from the shared library too (edit offers it
          through the library's suggestions, which need the product's id). */}
      {productId ? null : <LibraryImagePicker name="libraryImageId" defaultValue={values.libraryImageId} />}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="vatRate" label={t("fields.vat")} error={errors.vatRate} hint={hintFor("vatRate")}>
          <Select {...control("vatRate")} defaultValue={values.vatRate}>
            <SelectOptions choices={VAT_RATES.map((rate) => ({ value: rate, label: t(`vat.${rate}`) }))} />
          </Select>
        </Field>
        <Field id="unit" label={t("fields.unit")} error={errors.unit}>
          <Select {...control("unit")} defaultValue={values.unit}>
            <SelectOptions choices={SALE_UNITS.map((unit) => ({ value: unit, label: t(`units.${unit}`) }))} />
          </Select>
        </Field>
        <Field
          id="netQuantity"
          label={t("fields.netQuantity")}
          error={errors.netQuantity}
          hint={hintFor("netQuantity", t("hints.netQuantity"))}
        >
          <Input
            {...control("netQuantity")}
            value={netQuantity}
            onChange={(event) => {
              setNetQuantity(event.target.value);
              const typed = parseNetQuantity(event.target.value);
              if (!("error" in typed) && typed.unit) setNetUnit(typed.unit);
            }}
            // Once the select shows the unit, the field keeps the number alone, so the two never disagree.
            onBlur={() => {
              if (quantity?.unit) setNetQuantity(formatQuantity(quantity.milli, locale));
            }}
            inputMode="decimal"
            autoComplete="off"
          />
        </Field>
        <Field id="netUnit" label={t("fields.netUnit")} error={errors.netUnit}>
          <Select
            {...control("netUnit")}
            value={netUnit}
            onChange={(event) => setNetUnit(event.target.value)}
          >
            <SelectOptions
              empty={t("netUnitNone")}
              choices={NET_UNITS.map((unit) => ({ value: unit, label: t(`units.${unit}`) }))}
            />
          </Select>
        </Field>
      </div>
      <p className="-mt-2 text-gray-600 text-sm" aria-live="polite">
        {unitPrice
          ? t("unitPrice", { price: formatMoney(unitPrice.cents, locale), unit: t(`units.${unitPrice.per}`) })
          : t("unitPriceUnknown")}
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="quantity" label={t("fields.quantity")} error={errors.quantity}>
          <Input {...control("quantity")} defaultValue={values.quantity} inputMode="numeric" />
        </Field>
        <Field id="availability" label={t("fields.availability")} error={errors.availability}>
          <Select {...control("availability")} defaultValue={values.availability}>
            <SelectOptions
              choices={AVAILABILITIES.map((value) => ({ value, label: t(`availability.${value}`) }))}
            />
          </Select>
        </Field>
        <Field id="barcode" label={t("fields.barcode")} error={errors.barcode} hint={t("hints.barcode")}>
          <Input {...control("barcode")} defaultValue={values.barcode} inputMode="numeric" maxLength={13} />
        </Field>
        <Field id="categoryId" label={t("fields.category")} error={errors.categoryId}>
          <Select {...control("categoryId")} defaultValue={values.categoryId}>
            <SelectOptions empty={t("noCategory")} choices={categoryChoices(categories)} />
          </Select>
        </Field>
        <Field id="status" label={t("fields.status")} error={errors.status}>
          <Select {...control("status")} defaultValue={values.status}>
            <option value="active">{t("status.active")}</option>
            <option value="inactive">{t("status.inactive")}</option>
          </Select>
        </Field>
      </div>
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? t("saving") : submitLabel}
        </Button>
      </div>
    </Form>
  );
}
