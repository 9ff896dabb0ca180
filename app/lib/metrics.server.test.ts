import { describe, expect, it, vi } from "vitest";
import { getMetrics, reportPoolStats, routeLabeller, routePatterns, tally } from "./metrics.server";

// The shape of React Router's build manifest (build.routes): ids with a parent and a relative path.
const manifest = {
  root: { path: "" },
  "routes/landing/layout": { parentId: "root" },
  "routes/landing/home": { parentId: "routes/landing/layout", index: true },
  "routes/dashboard/layout": { parentId: "root", path: "dashboard" },
  "routes/dashboard/products": { parentId: "routes/dashboard/layout", path: "products" },
  "routes/dashboard/product-edit": { parentId: "routes/dashboard/layout", path: "products/:productId" },
  "routes/feeds/prices-archive": { parentId: "root", path: ":username/prices/:file" },
  "routes/store/store-page": { parentId: "root", path: ":username" },
  "routes/not-found": { parentId: "root", path: "*" },
};

describe("request metrics' route label", () => {
  const label = routeLabeller(routePatterns(manifest));

  it("is the answering route's pattern, never the ids or names in the path", () => {
    expect(label("/", 200)).toBe("/");
    expect(label("/dashboard/products", 200)).toBe("/dashboard/products");
    expect(label("/dashboard/products/0b6f1c1e-8a57-4c1e-9d3f-5c1f0e1d2a3b", 200)).toBe(
      "/dashboard/products/:productId",
    );
    expect(label("/market-pela", 200)).toBe("/:username");
    expect(label("/market-pela/prices/2026-11-20.csv", 200)).toBe("/:username/prices/:file");
    // A client-side navigation asks for the same page as "….data".
    expect(label("/dashboard/products.data", 200)).toBe("/dashboard/products");
  });

  it("keeps a scanner's thousand paths to one label", () => {
    const labels = new Set(Array.from({ length: 1000 }, (_, i) => label(`/wp-admin/${i}/setup.php`, 404)));
    expect([...labels]).toEqual(["not-found"]);
    expect(label("/assets/entry.client-abc123.js", 200)).toBe("/assets/*");
    expect(label("/uploads/stores/x/y.webp", 200)).toBe("/uploads/*");
  });

  it("labels a path that does not decode without handing it to the router, which would log it", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      expect(label("/%ZZ", 400)).toBe("malformed");
      expect(label("/demo/prices/%E0%A4%A", 400)).toBe("malformed");
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});

describe("database pool metrics", () => {
  it("read the pool's numbers at each scrape", async () => {
    const metrics = getMetrics();
    let waiting = 0;
    reportPoolStats(() => ({ total: 10, idle: 7, waiting }));
    expect(await metrics.registry.getSingleMetricAsString("vitrina_database_pool_connections")).toContain(
      'vitrina_database_pool_connections{state="waiting"} 0',
    );
    waiting = 3;
    const text = await metrics.registry.getSingleMetricAsString("vitrina_database_pool_connections");
    expect(text).toContain('vitrina_database_pool_connections{state="idle"} 7');
    expect(text).toContain('vitrina_database_pool_connections{state="waiting"} 3');
  });
});

describe("a tally of the fast path", () => {
  it("is in the counter at each scrape, added to what inc() counted, and counted once", async () => {
    const { registry, pageCache } = getMetrics();
    const line = async () =>
      (await registry.getSingleMetricAsString("vitrina_page_cache_total"))
        .split("\n")
        .find((row) => row.startsWith('vitrina_page_cache_total{result="tallied"}'));
    const tallied = tally(pageCache, { result: "tallied" });
    pageCache.inc({ result: "tallied" }, 2);
    for (let i = 0; i < 5; i++) tallied.inc();
    expect(await line()).toBe('vitrina_page_cache_total{result="tallied"} 7');
    expect(await line()).toBe('vitrina_page_cache_total{result="tallied"} 7');
    tallied.inc();
    expect((await pageCache.get()).values.find((value) => value.labels.result === "tallied")?.value).toBe(8);
  });
});
