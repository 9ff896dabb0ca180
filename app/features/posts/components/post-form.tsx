import { ImageOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { FormAlert } from "~/components/form-alert";
import { Button } from "~/components/ui/button";
import { Field, fieldControlProps } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { ImageUploadField } from "~/features/images/components/image-upload-field";
import type { FieldErrors, FormValues } from "~/lib/action-result";
import { cn } from "~/lib/cn";
import { POST_BODY_MAX, POST_TITLE_MAX } from "../post.schema";

export type PostFormValues = {
  title: string;
  body: string;
  publishOn: string;
  published: boolean;
  imageId: string;
};

export type ImageChoice = { id: string; thumbUrl: string };

/** What a failed submit typed, over the saved (or empty) post: nothing typed is lost. */
export function formValuesOf(saved: PostFormValues, typed: FormValues | undefined): PostFormValues {
  if (!typed) return saved;
  return {
    title: typed.title ?? "",
    body: typed.body ?? "",
    publishOn: typed.publishOn ?? "",
    published: typed.published === "on",
    imageId: typed.imageId ?? "",
  };
}

/** A post's fields: title, text, publish day, published, and an image from My images or a new upload. */
export function PostForm({
  values,
  images,
  errors = {},
  submitLabel,
}: {
  values: PostFormValues;
  images: ImageChoice[];
  errors?: FieldErrors;
  submitLabel: string;
}) {
  const { t } = useTranslation("posts");
  // Busy until the page has settled, not only while sending: after a refused save the page's data
  // reloads with the error already shown, and a second save then would abort that load mid-stream
  // (an uncaught "AbortError: signal is aborted without reason" in the browser).
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" noValidate className="flex flex-col gap-4">
      <FormAlert message={errors.form} className="mb-0" />
      <Field id="title" label={t("fields.title")} error={errors.title}>
        <Input
          {...fieldControlProps("title", errors.title)}
          defaultValue={values.title}
          maxLength={POST_TITLE_MAX}
          required
        />
      </Field>
      <Field id="body" label={t("fields.body")} error={errors.body} hint={t("fields.bodyHint")}>
        <Textarea
          {...fieldControlProps("body", errors.body)}
          defaultValue={values.body}
          rows={6}
          maxLength={POST_BODY_MAX}
        />
      </Field>
      <div className="flex flex-wrap items-end gap-4">
        <Field id="publishOn" label={t("fields.publishOn")} error={errors.publishOn} className="w-48">
          <Input
            {...fieldControlProps("publishOn", errors.publishOn)}
            type="date"
            defaultValue={values.publishOn}
            required
          />
        </Field>
        <label className="flex items-center gap-2 pb-2 font-medium text-gray-800 text-sm">
          <input
            type="checkbox"
            name="published"
            defaultChecked={values.published}
            className="size-4 accent-brand-600"
          />
          {t("fields.published")}
        </label>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="font-medium text-gray-800 text-sm">{t("fields.image")}</legend>
        <div className="flex flex-wrap gap-2">
          <ImageOption id="" checked={!values.imageId} label={t("fields.noImage")}>
            <ImageOff aria-hidden className="size-6 text-gray-400" />
          </ImageOption>
          {images.map((image, index) => (
            <ImageOption
              key={image.id}
              id={image.id}
              checked={values.imageId === image.id}
              label={t("fields.imageNumber", { number: index + 1 })}
            >
              <img src={image.thumbUrl} alt="" loading="lazy" className="size-full object-cover" />
            </ImageOption>
          ))}
        </div>
        {errors.imageId ? (
          <p role="alert" className="text-red-600 text-sm">
            {t(errors.imageId)}
          </p>
        ) : null}
        <ImageUploadField kind="product" name="imageKey" label={t("fields.upload")} />
      </fieldset>
      <div>
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}

function ImageOption({
  id,
  checked,
  label,
  children,
}: {
  id: string;
  checked: boolean;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <label
      className={cn(
        "relative flex size-16 cursor-pointer items-center justify-center overflow-hidden rounded-md border border-gray-200 bg-gray-50",
        "has-[:checked]:ring-2 has-[:checked]:ring-brand-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600",
      )}
    >
      <input
        type="radio"
        name="imageId"
        value={id}
        defaultChecked={checked}
        className="sr-only"
        aria-label={label}
      />
      {children}
    </label>
  );
}
