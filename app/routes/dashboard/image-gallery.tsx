import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import { requireOwnerStore } from "~/auth/guards.server";
import { CompactField } from "~/components/filter-panel";
import { Pagination } from "~/components/pagination";
import { SearchField } from "~/components/search-field";
import { SelectOptions } from "~/components/select-options";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/input";
import { LibraryGrid } from "~/features/library/components/library-grid";
import { LibrarySuggestions } from "~/features/library/components/library-suggestions";
import { categoryLabel } from "~/features/library/library.schema";
import { assignLibraryImage } from "~/features/library/library-assign.server";
import { libraryPage, safeBack } from "~/features/library/library-page.server";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { flashHeaders } from "~/lib/flash.server";
import { handleAction } from "~/lib/route-adapter.server";
import { searchKey } from "~/lib/transliterate";
import type { Route } from "./+types/image-gallery";

// /dashboard/image-gallery (decision 0056): the shared image library, searched by name in either
// alphabet, barcode or category; with `?for=<product id>` (one, or the products selected on the
// products page) each image can be assigned to them.

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { ctx } = await requireOwnerStore(context);
  const t = getFixedT(requestLocale(request));
  const url = new URL(request.url);
  const page = await libraryPage(ctx, url);
  return { title: `${t("library:title")} · Vitrina`, back: safeBack(url.searchParams.get("back")), ...page };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ctx, store } = await requireOwnerStore(context);
  const form = await request.formData();
  // Before onboarding is finished the product pages are not open yet: its images step is the way back.
  const back = safeBack(form.get("back")) ?? (store.onboardingStep !== null ? "/onboarding?step=5" : null);
  const productIds = form.getAll("productId").map(String);
  return handleAction(
    async () => {
      await assignLibraryImage(ctx, { entryId: form.get("entryId"), productIds });
      const to =
        back ?? (productIds.length === 1 ? `/dashboard/products/${productIds[0]}` : "/dashboard/products");
      return redirect(to, { headers: flashHeaders("library:assigned") });
    },
    { intent: "assign", fallback: "imageAssignFailed", flashFailureTo: back ?? "/dashboard/image-gallery" },
  );
}

export default function ImageGallery({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("library");
  const { search, page, categories, targets, suggestions, back } = loaderData;
  // Each category in the reader's spelling (the value stays the Macedonian name), ordered by its
  // transliterated key: the same order on the server and in the browser, whatever their ICU.
  const categoryChoices = categories
    .map((category) => ({ value: category.name, label: categoryLabel(category, i18n.language) }))
    .map((choice) => ({ ...choice, key: searchKey(choice.label) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const productIds = targets.map((target) => target.id);
  const only = targets.length === 1 ? targets[0] : undefined;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <h1 className="font-semibold text-2xl">{t("title")}</h1>
      <p className="text-gray-600 text-sm">{t("intro")}</p>
      {targets.length > 0 ? (
        <div className="mt-4 rounded-xl border border-brand-200 bg-brand-50 p-3 text-sm" role="status">
          <p className="break-words font-medium">
            {only ? t("choosingFor", { name: only.name }) : t("choosingForMany", { count: targets.length })}
          </p>
          <Link to={back ?? "/dashboard/products"} className="text-brand-700 underline">
            {t("cancel")}
          </Link>
        </div>
      ) : (
        <p className="mt-2 text-gray-600 text-sm">{t("howToAssign")}</p>
      )}
      {only ? (
        <div className="mt-4">
          <LibrarySuggestions
            productId={only.id}
            suggestions={suggestions}
            back={back ?? `/dashboard/products/${only.id}`}
            hideBrowse
          />
        </div>
      ) : null}
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-2" role="search">
        {productIds.map((id) => (
          <input key={id} type="hidden" name="for" value={id} />
        ))}
        {back ? <input type="hidden" name="back" value={back} /> : null}
        <SearchField
          id="library-q"
          label={t("search")}
          placeholder={t("searchPlaceholder")}
          defaultValue={search.q}
          className="min-w-0 flex-[2_1_14rem]"
        />
        <CompactField id="library-category" label={t("category")} className="min-w-0 flex-[1_1_10rem]">
          <Select id="library-category" name="category" defaultValue={search.category}>
            <SelectOptions empty={t("allCategories")} choices={categoryChoices} />
          </Select>
        </CompactField>
        <Button type="submit">{t("searchButton")}</Button>
      </Form>
      <p className="mt-3 text-gray-600 text-sm" aria-live="polite">
        {t("count", { count: page.total })}
      </p>
      <LibraryGrid entries={page.entries} productIds={productIds} back={back ?? undefined} />
      <Pagination page={page.page} total={page.total} pageSize={page.pageSize} />
    </div>
  );
}
