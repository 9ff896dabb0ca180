import { Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, redirect, useLocation } from "react-router";
import { requireAdmin } from "~/auth/guards.server";
import { FilterForm } from "~/components/filter-panel";
import { Pagination } from "~/components/pagination";
import { SearchField } from "~/components/search-field";
import { Button } from "~/components/ui/button";
import {
  AdminHeader,
  AdminTable,
  Cell,
  EmptyList,
  FilterActions,
} from "~/features/admin/components/admin-table";
import { searchLibrary } from "~/features/library/library.queries.server";
import { LIBRARY_PAGE_SIZE, librarySearchSchema } from "~/features/library/library.schema";
import { libraryUsage, removeLibraryEntry } from "~/features/library/library-remove.server";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { AppError } from "~/lib/app-error";
import { flashHeaders } from "~/lib/flash.server";
import { formObject } from "~/lib/form";
import { handleAction } from "~/lib/route-adapter.server";
import type { Route } from "./+types/library";

// The shared image library as an admin sees it: search it, see how many products show
// each image, and remove an entry (decision 0078: those products lose the image; audited).

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = requireAdmin(context);
  const url = new URL(request.url);
  const search = librarySearchSchema.parse({
    q: url.searchParams.get("q") ?? "",
    category: "",
    page: url.searchParams.get("page") ?? 1,
  });
  const t = getFixedT(requestLocale(request));
  const result = await searchLibrary(db, search);
  const usage = await libraryUsage(
    db,
    result.entries.map((entry) => entry.url),
  );
  return { title: `${t("admin:library.title")} · Vitrina`, ...result, q: search.q, usage };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin, db } = requireAdmin(context);
  const values = formObject(await request.formData());
  const intent = values.intent ?? "";
  // Back to the same view: only this page's own query string, never a path from the request.
  const back = `/admin/library${new URL(request.url).search}`;
  return handleAction(
    async () => {
      if (intent !== "remove") throw new AppError("validation");
      await removeLibraryEntry({ db, adminId: admin.id }, values.entryId ?? "");
      return redirect(back, { headers: flashHeaders("admin:library.removed") });
    },
    { intent, values },
  );
}

export default function AdminLibrary({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const location = useLocation();
  const { entries, total, page, q, usage } = loaderData;
  return (
    <>
      <AdminHeader title={t("library.title")} subtitle={t("library.count", { count: total })} />
      <FilterForm key={location.search} className="sm:grid-cols-[1fr_auto]">
        <SearchField
          id="library-q"
          label={t("library.searchLabel")}
          placeholder={t("library.searchPlaceholder")}
          defaultValue={q}
        />
        <FilterActions resetTo="/admin/library" filtered={Boolean(q)} />
      </FilterForm>
      {entries.length === 0 ? (
        <EmptyList text={t("library.empty")} />
      ) : (
        <>
          <AdminTable
            label={t("library.title")}
            headers={[
              t("library.columns.image"),
              t("library.columns.name"),
              t("library.columns.barcode"),
              t("library.columns.used"),
              t("library.columns.actions"),
            ]}
          >
            {entries.map((entry) => {
              const used = usage[entry.url] ?? 0;
              return (
                <tr key={entry.id}>
                  <Cell>
                    <img
                      src={entry.thumbUrl}
                      alt=""
                      width={48}
                      height={48}
                      loading="lazy"
                      className="size-12 rounded border border-gray-200 object-contain"
                    />
                  </Cell>
                  <Cell>
                    <p className="font-medium">{entry.name}</p>
                    <p className="text-gray-500 text-xs">
                      {[entry.nameLatin, entry.category].filter(Boolean).join(" · ")}
                    </p>
                  </Cell>
                  <Cell className="tabular-nums">{entry.barcode ?? "—"}</Cell>
                  <Cell className="tabular-nums">{t("library.usedBy", { count: used })}</Cell>
                  <Cell>
                    {/* Two steps without JavaScript: open, read what it does, confirm. */}
                    <details className="group">
                      <summary className="inline-flex cursor-pointer items-center gap-1 rounded-md border border-gray-300 px-2 py-1 text-sm hover:bg-gray-50">
                        <Trash2 aria-hidden className="size-4" />
                        {t("library.remove")}
                      </summary>
                      <Form method="post" className="mt-2 flex max-w-64 flex-col gap-2">
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="entryId" value={entry.id} />
                        <p className="text-gray-700 text-xs">
                          {t("library.removeWarning", { count: used, name: entry.name })}
                        </p>
                        <Button type="submit" variant="destructive" size="sm">
                          {t("library.removeConfirm", { name: entry.name })}
                        </Button>
                      </Form>
                    </details>
                  </Cell>
                </tr>
              );
            })}
          </AdminTable>
          <Pagination page={page} total={total} pageSize={LIBRARY_PAGE_SIZE} />
        </>
      )}
    </>
  );
}
