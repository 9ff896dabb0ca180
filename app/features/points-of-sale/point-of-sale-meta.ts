// What search engines and link previews read about a point of sale's page. Isomorphic: the route's
// meta() runs in the browser too, and the published document (decision 0144) writes the same tags.

/** A point of sale's page's meta tags. */
export function pointOfSaleMeta(data: { title: string; description: string; canonical: string }) {
  return [
    { title: data.title },
    { name: "description", content: data.description },
    { tagName: "link", rel: "canonical", href: data.canonical },
  ];
}
