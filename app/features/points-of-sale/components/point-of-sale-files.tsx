import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { sealedDayPath } from "~/features/seals/day-page";
import type { Locale } from "~/i18n/config";
import { formatDay } from "~/lib/dates";
import type { PublicPointOfSale } from "./points-of-sale-list";

/**
 * Where a point of sale's page links "about the files": its entry on the store's files page (a point
 * of sale has no files page of its own).
 */
export function pointOfSaleFilesHref(username: string, slug: string): string {
  return `/${username}/prices#${filesId(slug)}`;
}

/** The id of a point of sale's entry, open or closed; "files-" keeps it apart from the sections' ids. */
function filesId(slug: string): string {
  return `files-${slug}`;
}

/**
 * /{username}/prices: each point of sale's own files at their stable addresses (decision 0068). The
 * store's files above are the store-wide list; these are the lists of each point of sale.
 */
export function PointOfSaleFiles({
  username,
  points,
  sealed,
}: {
  username: string;
  points: PublicPointOfSale[];
  /** Each point's sealed days by its slug, newest first. */
  sealed: Record<string, string[]>;
}) {
  const { t } = useTranslation("pricelist");
  if (points.length < 2) return null;
  return (
    <FilesSection
      id="point-of-sale-files"
      title={t("files.pointsOfSale.title")}
      intro={t("files.pointsOfSale.intro")}
    >
      {points.map((point) => {
        const base = `/${username}/${point.slug}`;
        return (
          <li
            key={point.slug}
            id={filesId(point.slug)}
            className="rounded-xl border border-gray-200 bg-white p-3"
          >
            <h3 className="font-medium">
              <a href={base} className={link}>
                {point.name}
              </a>
            </h3>
            <ul className="mt-1 flex flex-col gap-1 text-gray-800 text-sm">
              <li>
                <a href={`${base}/prices.csv`} className={`${link} break-all`}>
                  {base}/prices.csv
                </a>
              </li>
              <li>
                <a href={`${base}/prices.json`} className={`${link} break-all`}>
                  {base}/prices.json
                </a>
              </li>
              <li>
                <a href={`${base}/price-list.pdf`} className={`${link} break-all`}>
                  {base}/price-list.pdf
                </a>
              </li>
              <ArchiveLine base={base} />
            </ul>
            <SealedDays username={username} slug={point.slug} days={sealed[point.slug] ?? []} />
          </li>
        );
      })}
    </FilesSection>
  );
}

/**
 * /{username}/prices: the closed points of sale (decision 0085). Their live files are gone; their
 * dated archive answers every day up to the day each closed, at the same address.
 */
export function ClosedPointOfSaleFiles({
  username,
  points,
  sealed,
}: {
  username: string;
  points: { slug: string; name: string; closedOn: string }[];
  sealed: Record<string, string[]>;
}) {
  const { t, i18n } = useTranslation("pricelist");
  if (points.length === 0) return null;
  return (
    <FilesSection
      id="closed-point-of-sale-files"
      title={t("files.pointsOfSale.closedTitle")}
      intro={t("files.pointsOfSale.closedIntro")}
    >
      {points.map((point) => {
        const base = `/${username}/${point.slug}`;
        return (
          <li
            key={point.slug}
            id={filesId(point.slug)}
            className="rounded-xl border border-gray-200 bg-gray-100 p-3"
          >
            <h3 className="font-medium">
              {point.name}{" "}
              <span className="rounded bg-gray-200 px-1.5 py-0.5 font-normal text-gray-700 text-xs">
                {t("files.pointsOfSale.closedBadge")}
              </span>
            </h3>
            <p className="text-gray-700 text-sm">
              {t("files.pointsOfSale.closedOn", {
                date: formatDay(point.closedOn, i18n.language as Locale),
              })}
            </p>
            <ul className="mt-1 flex flex-col gap-1 text-gray-800 text-sm">
              <ArchiveLine base={base} />
              <li>
                {t("files.pointsOfSale.lastDay")}{" "}
                <a href={`${base}/prices/${point.closedOn}.csv`} className={`${link} break-all`}>
                  {base}/prices/{point.closedOn}.csv
                </a>{" "}
                ·{" "}
                <a href={`${base}/prices/${point.closedOn}.json`} className={link}>
                  JSON
                </a>
              </li>
            </ul>
            <SealedDays username={username} slug={point.slug} days={sealed[point.slug] ?? []} />
          </li>
        );
      })}
    </FilesSection>
  );
}

const link = "font-medium text-brand-800 underline";

/** A titled list of points of sale with their files; both lists on /{username}/prices share it. */
function FilesSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="font-semibold text-lg">
        {title}
      </h2>
      <p className="text-gray-800">{intro}</p>
      <ul className="flex flex-col gap-3">{children}</ul>
    </section>
  );
}

/** The dated archive's address pattern of one point of sale. */
function ArchiveLine({ base }: { base: string }) {
  const { t } = useTranslation("pricelist");
  return (
    <li>
      {t("files.pointsOfSale.archive")}{" "}
      <code className="break-all rounded bg-gray-100 px-1">{base}/prices/YYYY-MM-DD.csv|json|seal.json</code>
    </li>
  );
}

/** One point of sale's recent sealed days, each with its files, its seal and its page. */
function SealedDays({ username, slug, days }: { username: string; slug: string; days: string[] }) {
  const { t } = useTranslation("pricelist");
  if (days.length === 0) return null;
  const base = `/${username}/${slug}/prices`;
  return (
    <ul aria-label={t("files.archiveDays")} className="mt-2 grid gap-1 text-gray-800 text-sm sm:grid-cols-2">
      {days.map((day) => (
        <li key={day} className="tabular-nums">
          {day}:{" "}
          <a href={`${base}/${day}.csv`} className={link}>
            CSV
          </a>{" "}
          ·{" "}
          <a href={`${base}/${day}.json`} className={link}>
            JSON
          </a>{" "}
          ·{" "}
          <a href={`${base}/${day}.seal.json`} className={link}>
            {t("files.seal")}
          </a>{" "}
          ·{" "}
          <a href={sealedDayPath(username, slug, day)} className={link}>
            {t("day.view")}
          </a>
        </li>
      ))}
    </ul>
  );
}
