// The dashboard's service worker (decision 0131). Its scope is /dashboard/ only: the public store
// pages stay without scripts. It caches nothing; it shows the reminder a push brings and opens the
// confirmation when the owner taps it.

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : "" };
  }
  const title = typeof message.title === "string" && message.title ? message.title : "Витрина";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === "string" ? message.body : "",
      tag: typeof message.tag === "string" ? message.tag : "confirm",
      renotify: true,
      icon: "/dashboard/icon-192.png",
      badge: "/dashboard/icon-192.png",
      data: { url: confirmationUrl(message.url) },
    }),
  );
});

/** Only a dashboard path of this site: a payload never sends the owner elsewhere. */
function confirmationUrl(url) {
  return typeof url === "string" && url.startsWith("/dashboard/") && !url.startsWith("//")
    ? url
    : "/dashboard/products";
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(confirmationUrl(event.notification.data?.url), self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (new URL(client.url).pathname.startsWith("/dashboard/") && "focus" in client) {
          // navigate() works on a page this worker controls; any other opens a new window.
          return client
            .navigate(target)
            .then((opened) => (opened ?? client).focus())
            .catch(() => self.clients.openWindow(target));
        }
      }
      return self.clients.openWindow(target);
    }),
  );
});
