// The address of a sealed day's page, for people (an inspector's view of a past day): beside the
// day's files, under the same …/prices/ of the store or of one of its points of sale. The files take
// "…/prices/YYYY-MM-DD.ext", so the page lives one segment deeper.

/** /{username}[/{point}]/prices/day/{YYYY-MM-DD} */
export function sealedDayPath(username: string, pointOfSale: string | null, day: string): string {
  return `/${username}${pointOfSale ? `/${pointOfSale}` : ""}/prices/day/${day}`;
}
