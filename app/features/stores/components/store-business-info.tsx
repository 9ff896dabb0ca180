import { Clock, MapPin, Phone } from "lucide-react";
import { formatAddress, type StoreAddress } from "~/features/address/address";
import type { Locale } from "~/i18n/config";
import { useT } from "~/i18n/use-t";
import { isOpenAt, openingInstants, todayKey, WEEKDAYS, type WeekHours } from "../hours";

const OPEN_CLASS = "font-medium text-brand-700";
const CLOSED_CLASS = "font-medium text-red-700";

export type BusinessInfo = {
  username: string;
  name: string;
  companyName: string;
  phone: string | null;
  /** The phone in national format, formatted on the server: libphonenumber would add 40 KB to the page. */
  phoneDisplay: string | null;
  address: StoreAddress | null;
  logo: { url: string; thumbUrl: string } | null;
  hours: WeekHours | null;
};

/**
 * The public page's business info: logo, store and company name, location, phone when
 * public, working hours with a today-only toggle and "open now" by the Skopje clock; the hours
 * are in the page's Store JSON-LD (app/features/storefront/json-ld.ts). `now` is injectable for tests and is the
 * server's render time.
 */
export function StoreBusinessInfo({
  info,
  now: initialNow,
  renderedAt,
}: {
  info: BusinessInfo;
  now?: Date;
  renderedAt?: string;
}) {
  const { t, i18n } = useT("businessInfo");
  const locale = i18n.language as Locale;
  // The server's render time: the page is sent as HTML without React (decision 0128), and a cached
  // copy is rendered again when the store's day or its opening changes (page-cache.server.ts).
  const now = initialNow ?? (renderedAt ? new Date(renderedAt) : new Date());
  const today = todayKey(now);
  const hours = info.hours;
  const open = hours ? isOpenAt(hours, now) : null;
  const opening = hours ? openingInstants(hours, now) : null;
  const dayHours = (day: (typeof WEEKDAYS)[number]) =>
    hours?.[day].closed ? t("closed") : `${hours?.[day].from}–${hours?.[day].to}`;
  return (
    <section aria-label={t("label")} className="flex flex-wrap items-start gap-4">
      {info.logo ? (
        <img
          src={info.logo.thumbUrl}
          srcSet={`${info.logo.thumbUrl} 192w, ${info.logo.url} 512w`}
          sizes="80px"
          width={80}
          height={80}
          alt={t("logoAlt", { name: info.name })}
          className="size-20 shrink-0 rounded-xl border border-gray-200 bg-white object-cover"
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <h1 className="font-bold text-2xl text-gray-900 wrap-anywhere">{info.name}</h1>
        {info.companyName ? <p className="text-gray-600 text-sm wrap-anywhere">{info.companyName}</p> : null}
        <ul className="mt-2 flex flex-col gap-1 text-gray-700 text-sm">
          {info.address ? (
            <li className="flex items-start gap-1.5">
              <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-gray-400" />
              <span className="min-w-0 wrap-anywhere">{formatAddress(info.address, locale)}</span>
            </li>
          ) : null}
          {info.phone ? (
            <li>
              <a
                href={`tel:${info.phone}`}
                className="inline-flex items-center gap-1.5 text-brand-700 hover:underline"
              >
                <Phone aria-hidden className="size-4" />
                {info.phoneDisplay ?? info.phone}
              </a>
            </li>
          ) : null}
          {hours ? (
            <li className="flex items-start gap-1.5">
              <Clock aria-hidden className="mt-0.5 size-4 shrink-0 text-gray-400" />
              <div className="hours">
                {/* The page's inline script sets it again by the visitor's clock: a cached page
                    was rendered earlier the same day (store-page-script.ts). */}
                <span
                  className={open ? OPEN_CLASS : CLOSED_CLASS}
                  data-testid="open-status"
                  data-opening={opening ? `${opening.opens}-${opening.closes}` : ""}
                  data-open-text={`${t("openNow")}|${OPEN_CLASS}`}
                  data-closed-text={`${t("closedNow")}|${CLOSED_CLASS}`}
                >
                  {open ? t("openNow") : t("closedNow")}
                </span>
                {/* Today's hours, and the whole week behind a disclosure that works without script;
                    today's line is hidden while the week is open (app.css ".hours"). */}
                <dl className="hours-today mt-1 grid grid-cols-[auto_auto] gap-x-3" aria-label={t("hours")}>
                  <div className="contents">
                    <dt className="font-medium">{t("today")}</dt>
                    <dd>{dayHours(today)}</dd>
                  </div>
                </dl>
                <details className="hours-week group mt-1">
                  <summary className="w-fit cursor-pointer list-none text-brand-700 text-xs hover:underline [&::-webkit-details-marker]:hidden">
                    <span className="group-open:hidden">{t("showWeek")}</span>
                    <span className="hidden group-open:inline">{t("showToday")}</span>
                  </summary>
                  <dl className="mt-1 grid grid-cols-[auto_auto] gap-x-3" aria-label={t("hours")}>
                    {WEEKDAYS.map((day) => (
                      <div key={day} className="contents">
                        <dt className={day === today ? "font-medium" : undefined}>
                          {t(`businessInfo:weekdays.${day}`)}
                        </dt>
                        <dd>{dayHours(day)}</dd>
                      </div>
                    ))}
                  </dl>
                </details>
              </div>
            </li>
          ) : null}
        </ul>
      </div>
    </section>
  );
}
