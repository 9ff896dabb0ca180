import { BellRing } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { FormAlert } from "~/components/form-alert";
import { Button } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL } from "../service-worker";

// "Remind me on this device" (decision 0131): the browser subscribes with the Push API through the
// dashboard's service worker and the site's VAPID key, and the subscription goes to the server. The
// push service itself is the browser's; the server only ever posts to the known ones.

type Support = "unknown" | "supported" | "unsupported";

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function sameBytes(buffer: ArrayBuffer | null, bytes: Uint8Array): boolean {
  if (!buffer || buffer.byteLength !== bytes.length) return false;
  const view = new Uint8Array(buffer);
  return view.every((byte, i) => byte === bytes[i]);
}

export function RemindButton({ vapidPublicKey }: { vapidPublicKey: string }) {
  const { t } = useTranslation("account");
  const fetcher = useFetcher<ActionResult>();
  const [support, setSupport] = useState<Support>("unknown");
  const [problem, setProblem] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  useEffect(() => {
    setSupport(
      "serviceWorker" in navigator && "PushManager" in window && "Notification" in window
        ? "supported"
        : "unsupported",
    );
  }, []);

  async function subscribe() {
    setProblem(null);
    setWorking(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        setProblem("account:notifications.denied");
        return;
      }
      await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
      const registration = await navigator.serviceWorker.ready;
      const key = keyBytes(vapidPublicKey);
      let subscription = await registration.pushManager.getSubscription();
      // One made with another key (the site's keys were replaced) would never be delivered.
      if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: key,
      });
      await fetcher.submit(
        { intent: "subscribe", subscription: JSON.stringify(subscription.toJSON()) },
        { method: "post" },
      );
    } catch {
      setProblem("account:notifications.failed");
    } finally {
      setWorking(false);
    }
  }

  const busy = working || fetcher.state !== "idle";
  const answer = fetcher.data;
  const failure = answer && !answer.ok ? answer.errors.form : null;
  const done = answer?.ok && !busy;
  return (
    <div>
      {support === "unsupported" ? (
        <p className="text-gray-700 text-sm">{t("notifications.unsupported")}</p>
      ) : (
        <Button type="button" onClick={subscribe} disabled={busy || support !== "supported"}>
          <BellRing aria-hidden className="size-4" />
          {busy ? t("notifications.subscribing") : t("notifications.subscribe")}
        </Button>
      )}
      {done ? (
        <p role="status" className="mt-3 text-green-800 text-sm">
          {t("notifications.subscribed")}
        </p>
      ) : null}
      <FormAlert message={problem ?? failure ?? undefined} className="mt-3" />
    </div>
  );
}
