import { useTranslation } from "react-i18next";
import { DeleteButton } from "~/components/delete-button";
import type { Locale } from "~/i18n/config";
import { formatDate } from "~/lib/dates";
import type { MyImage } from "../my-images.server";
import { formatBytes } from "./storage-meter";

/** One image of the grid: thumbnail, size, date, where it is used, and delete. */
export function ImageCard({ image }: { image: MyImage }) {
  const { t, i18n } = useTranslation("myImages");
  const { products, posts, logo } = image.uses;
  const unused = !logo && products.length === 0 && posts.length === 0;
  const label = t("imageLabel", { date: formatDate(image.createdAt, i18n.language as Locale) });
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm">
      <a href={image.url} target="_blank" rel="noreferrer" className="block aspect-square bg-gray-50">
        <img
          src={image.thumbUrl}
          alt={label}
          loading="lazy"
          decoding="async"
          className="size-full object-contain"
        />
      </a>
      <div className="flex flex-1 flex-col gap-1 p-2 text-xs">
        <p className="text-gray-600">
          {image.bytes > 0 ? formatBytes(image.bytes, i18n.language) : "—"}
          {image.width && image.height ? ` · ${image.width}×${image.height}` : ""}
          {" · "}
          {formatDate(image.createdAt, i18n.language as Locale)}
        </p>
        {unused ? (
          <p className="text-gray-500">{t("unused")}</p>
        ) : (
          <div className="text-gray-800">
            {logo ? <p>{t("uses.logo")}</p> : null}
            {products.length > 0 ? (
              <p className="line-clamp-2">
                {t("uses.products")}: {products.map((p) => p.name).join(", ")}
              </p>
            ) : null}
            {posts.length > 0 ? (
              <p className="line-clamp-2">
                {t("uses.posts")}: {posts.map((p) => p.title).join(", ")}
              </p>
            ) : null}
          </div>
        )}
        <div className="mt-auto flex justify-end">
          <DeleteButton
            idName="imageId"
            id={image.id}
            label={t("delete", { label })}
            question={t("confirmDelete")}
          />
        </div>
      </div>
    </li>
  );
}
