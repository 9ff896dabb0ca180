// Decision 0131: the dashboard's service worker (public/dashboard/sw.js). Served from /dashboard/, so
// its scope cannot reach beyond the dashboard: the public store pages are never under it.
export const SERVICE_WORKER_URL = "/dashboard/sw.js";
export const SERVICE_WORKER_SCOPE = "/dashboard/";
