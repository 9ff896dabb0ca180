import { useEffect } from "react";
import { SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL } from "./service-worker";

/** Registers the dashboard's service worker (decision 0131): it shows the reminders and caches nothing. */
export function useServiceWorker() {
  useEffect(() => {
    navigator.serviceWorker?.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE }).catch(() => {});
  }, []);
}
