import { useTranslation } from "react-i18next";
import { Form, redirect } from "react-router";
import { requireOwnerStore } from "~/auth/guards.server";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { RemindButton } from "~/features/push/components/remind-button";
import { listPushDevices, removeDevice, subscribeDevice } from "~/features/push/push.server";
import { getVapidKeys } from "~/features/push/vapid-keys.server";
import type { Locale } from "~/i18n/config";
import { formatDateTime } from "~/lib/dates";
import { flashHeaders } from "~/lib/flash.server";
import { titleMeta } from "~/lib/page-title";
import { pageTitle } from "~/lib/page-title.server";
import { handleAction } from "~/lib/route-adapter.server";
import type { Route } from "./+types/notifications";

export const meta: Route.MetaFunction = titleMeta;

const HERE = "/dashboard/settings/notifications";

/** Settings → Notifications (decision 0131): remind this device, and the devices reminded. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { ctx } = await requireOwnerStore(context);
  return {
    title: pageTitle(request, "account:notifications.title"),
    vapidPublicKey: getVapidKeys().publicKey,
    devices: await listPushDevices(ctx),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ctx } = await requireOwnerStore(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "remove") {
    return handleAction(
      async () => {
        await removeDevice(ctx, String(form.get("deviceId") ?? ""));
        return redirect(HERE, { headers: flashHeaders("account:notifications.removed") });
      },
      { intent, flashFailureTo: HERE },
    );
  }
  return handleAction(
    async () => {
      const device = await subscribeDevice(
        ctx,
        String(form.get("subscription") ?? ""),
        request.headers.get("user-agent"),
      );
      return { deviceId: device.id };
    },
    { intent: "subscribe" },
  );
}

export default function NotificationSettings({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("account");
  const locale = i18n.language as Locale;
  return (
    <div>
      <h2 className="font-semibold text-lg">{t("notifications.title")}</h2>
      <p className="mt-1 text-gray-600 text-sm">{t("notifications.subtitle")}</p>
      <Card className="mt-4 p-5">
        <RemindButton vapidPublicKey={loaderData.vapidPublicKey} />
      </Card>
      <h3 className="mt-6 font-medium">{t("notifications.devices")}</h3>
      {loaderData.devices.length === 0 ? (
        <p className="mt-2 text-gray-600 text-sm">{t("notifications.noDevices")}</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-3" aria-label={t("notifications.devices")}>
          {loaderData.devices.map((device) => {
            const name = device.label || t("notifications.unknownDevice");
            return (
              <li key={device.id}>
                <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
                  <div className="min-w-0 flex-1">
                    <p className="break-words font-medium">{name}</p>
                    <p className="mt-1 text-gray-500 text-xs">
                      {t("notifications.added", { date: formatDateTime(device.createdAt, locale) })}
                      {device.lastSentAt
                        ? ` · ${t("notifications.lastSent", { date: formatDateTime(device.lastSentAt, locale) })}`
                        : null}
                    </p>
                  </div>
                  <Form method="post">
                    <input type="hidden" name="deviceId" value={device.id} />
                    <Button
                      type="submit"
                      name="intent"
                      value="remove"
                      variant="outline"
                      size="sm"
                      aria-label={t("notifications.removeLabel", { device: name })}
                    >
                      {t("notifications.remove")}
                    </Button>
                  </Form>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
